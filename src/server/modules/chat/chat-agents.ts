import type { ChatAgent, ChatAgentsResponse } from "@/shared/chat";
import type { ChatCtx } from "./chat-ctx";
import { llmTargetOf } from "./llm-target";
import { n8nAgentOf } from "./n8n-agent";

const OFF = "AI features are turned off on this server";
/** The picker's name for the n8n agent before the organisation has one (it then shows the agent's own name). */
export const UNNAMED_N8N_AGENT = "n8n agent";

/**
 * The selector's agents, each ready only when a check passed: the n8n agent's last test, the
 * organisation key's stored test. The built-in one needs nothing. With AI off, none is ready.
 */
export async function listChatAgents(ctx: ChatCtx): Promise<ChatAgentsResponse> {
  const on = ctx.env.AI_ASSIST_ENABLED !== "0";
  const [agent, llm] = await Promise.all([n8nAgentOf(ctx), llmTargetOf(ctx)]);
  const agents: ChatAgent[] = [
    { id: "n8n", name: agent?.name ?? UNNAMED_N8N_AGENT, source: "n8n", ready: on && Boolean(agent?.isReady), detail: on ? (agent?.detail ?? "No agent set up yet") : OFF },
    { id: "llm", name: "AI assistant", source: "llm", ready: on && Boolean(llm?.isVerified), detail: on ? (llm?.detail ?? "No OpenAI or Anthropic key: add one in API Key Management") : OFF },
    { id: "builtin", name: "Built-in assistant", source: "builtin", ready: on, detail: on ? "Understands plain commands such as \"create task … in … due friday\"" : OFF },
  ];
  return { agents, ready_count: agents.filter((a) => a.ready).length, ai_enabled: on };
}
