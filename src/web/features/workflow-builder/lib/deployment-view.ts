import type { DeploymentState, DeploymentStatus } from "@/shared/workflows";

export type DeploymentTone = "ok" | "warning" | "neutral" | "error";
export type DeploymentView = { state: DeploymentState; tone: DeploymentTone; active: boolean | null; needsSetup: boolean };

const tones: Record<DeploymentState, DeploymentTone> = {
  in_sync: "ok",
  differs: "warning",
  not_deployed: "neutral",
  missing: "warning",
  unreachable: "error",
  not_configured: "neutral",
};

/**
 * How the Deploy panel shows the server's check. Whether n8n runs it is said only when the server
 * has just read it from n8n (in sync or differs); an unreachable n8n proves nothing either way.
 */
export function deploymentView(status: DeploymentStatus): DeploymentView {
  const hasLiveCopy = status.state === "in_sync" || status.state === "differs";
  return { state: status.state, tone: tones[status.state], active: hasLiveCopy ? status.active : null, needsSetup: status.state === "not_configured" };
}
