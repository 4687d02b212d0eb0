import type { Agent, AgentSetup, AgentTestResult } from "@/shared/agents";
import type { Language } from "@/shared/languages";
import { translateServerMessage } from "../../i18n/server-messages";

// The Quickstart's details and a test's outcome are written in English (stored, for a test) and
// said in the reader's language when read (shared/i18n/messages), like the scan reports.

export function agentIn(lang: Language, agent: Agent | null): Agent | null {
  if (lang === "en" || !agent?.last_test) return agent;
  return { ...agent, last_test: { ...agent.last_test, message: translateServerMessage(lang, agent.last_test.message) } };
}

export function agentTestIn(lang: Language, result: AgentTestResult): AgentTestResult {
  if (lang === "en") return result;
  const agent = agentIn(lang, result.agent) ?? result.agent;
  return result.ok ? { ...result, message: translateServerMessage(lang, result.message), agent } : { ...result, error: translateServerMessage(lang, result.error), agent };
}

export function setupIn(lang: Language, setup: AgentSetup): AgentSetup {
  if (lang === "en") return setup;
  return { ...setup, steps: setup.steps.map((step) => ({ ...step, detail: translateServerMessage(lang, step.detail) })) };
}
