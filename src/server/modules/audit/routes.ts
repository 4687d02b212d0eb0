import { Hono } from "hono";
import { auditFilters, auditQuery } from "@/shared/audit";
import type { AppEnv } from "../../context";
import { parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { exportAuditCsv } from "./export-audit";
import { listAudit } from "./list-audit";

export const auditRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json(await listAudit(ctxOf(c), parseWith(auditQuery, c.req.query()))))
  .get("/export", async (c) => exportAuditCsv(c, ctxOf(c), parseWith(auditFilters, c.req.query())));
