import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { getDiagnostics } from "./get-diagnostics";

// /app/diagnostics: owners only (diagnostics.read, lib/route-policies.ts).
export const diagnosticsRoutes = new Hono<AppEnv>().use("*", orgScope).get("/", async (c) => c.json(await getDiagnostics(ctxOf(c), c.get("services"))));
