import type { Context } from "hono";
import type { Language } from "@/shared/languages";
import type { AppEnv } from "../../context";
import type { Env } from "../../env";
import { languageOfRequest } from "../../i18n/request-language";
import { AppError } from "../../lib/errors";
import type { SecretBox } from "../../lib/secret-box";
import { ctxOf } from "../organisations/org-scope";
import type { ToolCtx } from "./tools/tool-types";

/**
 * A chat verb's context: the org scope, the user's time zone, the server's settings and the
 * secret box; `readerLang`, the language the built-in assistant answers in (a model is written to
 * in the user's own words and answers in them).
 */
export type ChatCtx = ToolCtx & { env: Env; box: SecretBox; readerLang?: Language };

export function chatCtxOf(c: Context<AppEnv>, tz = "UTC"): ChatCtx {
  const { env, secrets } = c.get("services");
  return { ...ctxOf(c), tz, env, box: secrets, readerLang: languageOfRequest(c) };
}

/** AI_ASSIST_ENABLED=0 turns every AI feature off on the server, not only in the browser. */
export function assertAiEnabled(env: Pick<Env, "AI_ASSIST_ENABLED">): void {
  if (env.AI_ASSIST_ENABLED === "0") throw new AppError("forbidden", "AI features are turned off on this server");
}
