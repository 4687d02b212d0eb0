import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { orgScope } from "../organisations/org-scope";
import { readEnvironment } from "./read-environment";

// Owners only (ops.read, lib/route-policies.ts): how this server is configured is the operator's business.
export const opsRoutes = new Hono<AppEnv>().use("*", orgScope).get("/environment", async (c) => c.json(await readEnvironment(c.get("services"))));
