import type { HealthResponse } from "@/shared/functions";
import type { AgentReadyResponse } from "@/shared/jobs";

export type OverallState = "checking" | "online" | "degraded" | "offline";

/** A probe's latest outcome: not answered yet, answered, or failed (the last attempt, even after an earlier answer). */
export type ProbeResult<T> = { status: "pending" } | { status: "success"; data: T } | { status: "error" };

/**
 * The badge's rule. Offline: health cannot be reached, or the database is down. Checking: the
 * first probes have not all answered. Online only when every check passed; anything else is Degraded.
 */
export function overallState(health: ProbeResult<HealthResponse>, agent: ProbeResult<AgentReadyResponse>): OverallState {
  if (health.status === "error" || (health.status === "success" && !health.data.db)) return "offline";
  if (health.status === "pending" || agent.status === "pending") return "checking";
  if (health.data.ok && agent.status === "success" && agent.data.ok) return "online";
  return "degraded";
}
