import type { ChatMessage } from "@/shared/chat";
import { findAgentRow, toAgent } from "../agents/agent-row";
import { postToN8nWebhook } from "../jobs/n8n-webhook";
import type { ChatCtx } from "./chat-ctx";

/**
 * isCallable: chat may try it (enabled, and the server can sign for it); a failure falls through.
 * isReady: also answered its last test, which is all the selector may claim (GET …/chat/agents).
 */
export type N8nAgent = { id: string; name: string; isCallable: boolean; isReady: boolean; detail: string; webhookPath: string };
export type N8nReply = { message: string; workflow?: { name: string } };
type History = { role: ChatMessage["role"]; content: string }[];

/** The organisation's agent, read as the agents module reads it (the webhook path it tests). */
export async function n8nAgentOf(ctx: ChatCtx): Promise<N8nAgent | null> {
  const row = await findAgentRow(ctx.db, ctx.scope);
  if (!row) return null;
  const agent = toAgent(row);
  const isConfigured = Boolean(ctx.env.N8N_BASE && ctx.env.N8N_AGENT_SECRET);
  const isCallable = agent.status === "enabled" && isConfigured;
  const test = agent.last_test;
  const detail =
    agent.status !== "enabled"
      ? "The agent is disabled"
      : !isConfigured
        ? "The server has no N8N_BASE or N8N_AGENT_SECRET"
        : !test
          ? "Not tested yet: test it on the Agents page"
          : !test.ok
            ? `Its last test failed: ${test.message}`
            : `n8n webhook ${agent.webhook_path}`;
  return { id: agent.id, name: agent.name, isCallable, isReady: isCallable && test?.ok === true, detail, webhookPath: agent.webhook_path };
}

/** n8n answers { response: { message | content, workflow: { name } } } or { message }. */
function readN8nReply(json: unknown): N8nReply | null {
  if (!json || typeof json !== "object") return null;
  const body = json as { response?: unknown; message?: unknown };
  const response = body.response && typeof body.response === "object" ? (body.response as { message?: unknown; content?: unknown; workflow?: { name?: unknown } }) : null;
  const text = [response?.message, response?.content, body.message, typeof body.response === "string" ? body.response : undefined].find((v): v is string => typeof v === "string" && v.trim() !== "");
  if (!text) return null;
  const name = response?.workflow?.name;
  return { message: text, ...(typeof name === "string" && name ? { workflow: { name } } : {}) };
}

/** One signed chat call to the agent; null when it failed or said nothing usable (the caller falls through). */
export async function askN8nAgent(ctx: ChatCtx, agent: N8nAgent, ask: { id: string; message: string; history: History; signal?: AbortSignal; deadlineAt?: number }): Promise<N8nReply | null> {
  const { N8N_BASE, N8N_AGENT_SECRET, OUTBOUND_TIMEOUT_MS } = ctx.env;
  if (!agent.isCallable || !N8N_BASE || !N8N_AGENT_SECRET) return null;
  const now = ctx.now();
  const payload = { kind: "chat", message: ask.message, agentId: agent.id, orgId: ctx.scope.orgId, context: { conversationHistory: ask.history, timestamp: now.toISOString() } };
  const timeoutMs = Math.max(1, Math.min(OUTBOUND_TIMEOUT_MS, (ask.deadlineAt ?? Infinity) - Date.now()));
  const answer = await postToN8nWebhook({ n8nBase: N8N_BASE, secretHex: N8N_AGENT_SECRET, webhookPath: agent.webhookPath, id: ask.id, payload, now, timeoutMs, signal: ask.signal });
  if (!answer.ok || answer.status < 200 || answer.status >= 300) return null;
  return readN8nReply(answer.json);
}
