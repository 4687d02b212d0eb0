import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { orgScope } from "../organisations/org-scope";
import { languageOfRequest } from "../../i18n/request-language";
import { environmentIn } from "./environment-language";
import { readEnvironment } from "./read-environment";

// Owners only (ops.read, lib/route-policies.ts): how this server is configured is the operator's business.
export const opsRoutes = new Hono<AppEnv>().use("*", orgScope).get("/environment", async (c) => c.json(environmentIn(languageOfRequest(c), await readEnvironment(c.get("services")))));
