import { Hono } from "hono";
import { auditListQuery } from "@/shared/connections";
import type { AppEnv } from "../../context";
import { parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { listAudit } from "./list-audit";

export const auditRoutes = new Hono<AppEnv>().use("*", orgScope).get("/", async (c) => c.json(await listAudit(ctxOf(c), parseWith(auditListQuery, c.req.query()))));
