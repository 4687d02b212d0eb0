import { and, eq, inArray } from "drizzle-orm";
import { connections } from "../../db/schema";
import { chargeBudget } from "../../lib/budgets";
import type { LlmTarget } from "../../lib/llm/types";
import { openAuth } from "../connections/connection-auth";
import { answerChain } from "./answer-chain";
import type { ChatCtx } from "./chat-ctx";

/** isVerified: the key passed its stored test (the connection's test_outcome); the server's own keys are never tested. */
/** isOwn: the organisation's own key (its money), not the server's. */
export type ResolvedTarget = { target: LlmTarget; isVerified: boolean; isOwn: boolean; detail: string };
const PROVIDERS = ["openai", "anthropic"] as const;
const label = { openai: "OpenAI", anthropic: "Anthropic" } as const;

/**
 * The model to ask: the organisation's own connected key first, then the server's. The server's
 * base URLs are trusted; an endpoint a user stored is not, so stream-chat sends it through the SSRF guard.
 */
export async function llmTargetOf(ctx: ChatCtx): Promise<ResolvedTarget | null> {
  const { env } = ctx;
  const rows = await ctx.db
    .select({ id: connections.id, provider: connections.provider, auth: connections.authJson, testOutcome: connections.testOutcome })
    .from(connections)
    .where(and(eq(connections.orgId, ctx.scope.orgId), inArray(connections.provider, [...PROVIDERS]), eq(connections.status, "connected")));
  for (const protocol of PROVIDERS) {
    const row = rows.find((r) => r.provider === protocol);
    if (!row) continue;
    const opened = openAuth(ctx.box, { orgId: ctx.scope.orgId, connectionId: row.id }, row.auth);
    if (!opened.apiKey) continue;
    const serverBase = protocol === "openai" ? env.OPENAI_BASE_URL : env.ANTHROPIC_BASE_URL;
    const endpoint = opened.endpoint?.trim() || null;
    const baseUrl = endpoint ?? serverBase;
    const model = protocol === "openai" ? env.OPENAI_MODEL : env.ANTHROPIC_MODEL;
    const isVerified = row.testOutcome === "valid";
    return {
      target: { protocol, baseUrl, apiKey: opened.apiKey, model, trusted: endpoint === null || endpoint === serverBase },
      isVerified,
      isOwn: true,
      detail: isVerified ? `${label[protocol]} with the organisation's key` : `${label[protocol]} with the organisation's key, not checked: test it in API Key Management`,
    };
  }
  const serverKey = (protocol: "openai" | "anthropic", apiKey: string, baseUrl: string, model: string): ResolvedTarget => ({ target: { protocol, baseUrl, apiKey, model, trusted: true }, isVerified: false, isOwn: false, detail: `Server key, not checked (${label[protocol]})` });
  if (env.OPENAI_API_KEY) return serverKey("openai", env.OPENAI_API_KEY, env.OPENAI_BASE_URL, env.OPENAI_MODEL);
  if (env.ANTHROPIC_API_KEY) return serverKey("anthropic", env.ANTHROPIC_API_KEY, env.ANTHROPIC_BASE_URL, env.ANTHROPIC_MODEL);
  return null;
}

/**
 * Spends one model call of the budgets (lib/budgets.ts) before a message is answered, when its
 * answer may reach a model: per person a minute always, per organisation a day on the server's key
 * only (an organisation's own key pays for itself). A message the built-in assistant alone answers costs nothing.
 */
export async function chargeModelCall(ctx: ChatCtx, agentId: string | null | undefined): Promise<void> {
  if (!answerChain(agentId).includes("llm")) return;
  const resolved = await llmTargetOf(ctx);
  if (!resolved) return;
  await chargeBudget({ db: ctx.db, env: ctx.env, now: ctx.now }, "model", { userId: ctx.scope.userId, orgId: ctx.scope.orgId, ownModelKey: resolved.isOwn });
}
