import { Hono } from "hono";
import { listJobsQuery } from "@/shared/jobs";
import type { AppEnv } from "../../context";
import { parseWith } from "../../lib/parse";
import { languageOfRequest } from "../../i18n/request-language";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { summariseJobs } from "./count-jobs";
import { listJobs } from "./list-jobs";

export const jobRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json(await listJobs(ctxOf(c), parseWith(listJobsQuery, c.req.query()), languageOfRequest(c))))
  .get("/summary", async (c) => {
    const ctx = ctxOf(c);
    return c.json(await summariseJobs(ctx.db, ctx.scope.orgId, ctx.now()));
  });
