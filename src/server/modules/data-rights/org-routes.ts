import { Hono } from "hono";
import { budget } from "../../lib/budgets";
import { deleteOrganisationInput } from "@/shared/data-rights";
import type { AppEnv } from "../../context";
import { parseBody } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { deleteOrganisation } from "./delete-organisation";
import { estimateExport } from "./estimate-export";
import { startExport } from "./start-export";

/** An owner's data rights over the organisation: export it (organisation.export), delete it (organisation.delete). */
export const orgDataRoutes = new Hono<AppEnv>()
  // orgScope per route: a "*" here would run for every organisation route mounted beside it.
  .post("/exports", orgScope, budget("export"), async (c) => {
    const { scope, db, now } = ctxOf(c);
    return c.json({ export: await startExport({ db, now, queue: c.get("services").queue }, { userId: scope.userId, scope: "org", orgId: scope.orgId }) }, 202);
  })
  .get("/exports/estimate", orgScope, async (c) => {
    const { scope, db } = ctxOf(c);
    return c.json({ estimate: await estimateExport(db, { scope: "org", orgId: scope.orgId }, c.get("services").env.EXPORT_MAX_MB * 1024 * 1024) });
  })
  .delete("/", orgScope, async (c) => {
    const input = await parseBody(c, deleteOrganisationInput);
    const { mailer, env, logger } = c.get("services");
    await deleteOrganisation(ctxOf(c), input, { mailer, appName: env.APP_NAME, appUrl: env.APP_URL, logger });
    return c.body(null, 204);
  });
