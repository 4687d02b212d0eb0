import { Hono, type Context } from "hono";
import { z } from "zod";
import { updateProjectMailInput } from "@/shared/inbound-mail";
import type { AppEnv } from "../../context";
import { parseBody, parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { inboundDomainOf, receiversOf } from "./inbound-address";
import { inboundMailStatus } from "./mail-status";
import { getProjectMail, regenerateProjectMail, updateProjectMail } from "./project-mail";

const projectParams = z.object({ projectId: z.uuid("Project id is not valid") });

const mailCtxOf = (c: Context<AppEnv>) => {
  const { env } = c.get("services");
  return { ...ctxOf(c), domain: inboundDomainOf(env), receivers: receiversOf(env) };
};

export const inboundMailRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => {
    const ctx = mailCtxOf(c);
    return c.json({ status: await inboundMailStatus(ctx, { receivers: ctx.receivers, domain: ctx.receivers.length > 0 ? ctx.domain : null }) });
  })
  .get("/projects/:projectId", async (c) => {
    const { projectId } = parseWith(projectParams, c.req.param());
    return c.json({ project_mail: await getProjectMail(mailCtxOf(c), projectId) });
  })
  .patch("/projects/:projectId", async (c) => {
    const { projectId } = parseWith(projectParams, c.req.param());
    return c.json({ project_mail: await updateProjectMail(mailCtxOf(c), projectId, await parseBody(c, updateProjectMailInput)) });
  })
  .post("/projects/:projectId/address", async (c) => {
    const { projectId } = parseWith(projectParams, c.req.param());
    return c.json({ project_mail: await regenerateProjectMail(mailCtxOf(c), projectId) });
  });
