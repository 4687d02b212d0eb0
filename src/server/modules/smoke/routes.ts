import { Hono } from "hono";
import { smokeCheckParams } from "@/shared/smoke";
import type { AppEnv } from "../../context";
import { parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { languageOfRequest } from "../../i18n/request-language";
import { translateServerMessage } from "../../i18n/server-messages";
import { runSmokeCheck } from "./run-smoke-check";
import { selfOrigin } from "../../lib/self-origin";

// The smoke tests (/smoke): owners run each check against this very server, one call per check.
export const smokeRoutes = new Hono<AppEnv>().use("*", orgScope).post("/:check", async (c) => {
  const { check } = parseWith(smokeCheckParams, { check: c.req.param("check") });
  const { scope, now } = ctxOf(c);
  const result = await runSmokeCheck({ services: c.get("services"), scope, now, origin: selfOrigin(c), cookie: c.req.header("cookie") ?? null }, check);
  // Written in English (kept so in logs) and said in the reader's language.
  return c.json({ ...result, message: translateServerMessage(languageOfRequest(c), result.message) });
});
