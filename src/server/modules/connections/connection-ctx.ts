import type { Context } from "hono";
import type { AppEnv } from "../../context";
import type { SecretBox } from "../../lib/secret-box";
import { ctxOf, type Ctx } from "../organisations/org-scope";
import type { KeyTestConfig } from "./key-test";

/** The org scope plus what connection verbs need beyond it: the secret box and where key tests go. */
export type ConnCtx = Ctx & { box: SecretBox; keyTests: KeyTestConfig };

export function connCtxOf(c: Context<AppEnv>): ConnCtx {
  const { env, secrets } = c.get("services");
  return { ...ctxOf(c), box: secrets, keyTests: keyTestConfigOf(env) };
}

export function keyTestConfigOf(env: AppEnv["Variables"]["services"]["env"]): KeyTestConfig {
  return { openaiBaseUrl: env.OPENAI_BASE_URL, anthropicBaseUrl: env.ANTHROPIC_BASE_URL, n8nBase: env.N8N_BASE, browserUseBase: env.BROWSER_USE_API_BASE, timeoutMs: env.KEY_TEST_TIMEOUT_MS };
}
