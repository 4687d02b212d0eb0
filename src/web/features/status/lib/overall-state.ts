import type { HealthResponse } from "@/shared/functions";
import type { AgentReadyResponse } from "@/shared/jobs";

export type OverallState = "checking" | "online" | "degraded" | "offline";

/** A probe's latest outcome: not answered yet, answered, or failed (the last attempt, even after an earlier answer). */
export type ProbeResult<T> = { status: "pending" } | { status: "success"; data: T } | { status: "error" };

/**
 * The badge's rule. Offline: health cannot be reached, or the database is down. Checking: the
 * first probes have not all answered. Online only when every check passed, the database answered
 * within DB_SLOW_MS and a configured n8n answered its health; anything else is Degraded.
 */
export function overallState(health: ProbeResult<HealthResponse>, agent: ProbeResult<AgentReadyResponse>): OverallState {
  if (health.status === "error" || (health.status === "success" && !health.data.db)) return "offline";
  if (health.status === "pending" || agent.status === "pending") return "checking";
  // Slow is not Online, and neither is a configured n8n that does not answer.
  const isAgentUp = agent.status === "success" && agent.data.ok && agent.data.n8n_reachable !== false;
  if (health.data.ok && !health.data.db_slow && isAgentUp) return "online";
  return "degraded";
}
