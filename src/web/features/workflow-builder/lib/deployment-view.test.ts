import { describe, expect, it } from "vitest";
import { deploymentStates, type DeploymentStatus } from "@/shared/workflows";
import { deploymentView } from "./deployment-view";

const status = (over: Partial<DeploymentStatus>): DeploymentStatus => ({ state: "not_deployed", active: null, n8nWorkflowId: null, deployedAt: null, message: "", setup: null, ...over });

describe("deploymentView", () => {
  it("says 'in sync' only for the server's in_sync, and tones each state", () => {
    const tones = Object.fromEntries(deploymentStates.map((state) => [state, deploymentView(status({ state })).tone]));
    expect(tones).toEqual({ in_sync: "ok", differs: "warning", not_deployed: "neutral", missing: "warning", unreachable: "error", not_configured: "neutral" });
  });

  it("shows active or inactive only when the server read n8n's copy just now", () => {
    expect(deploymentView(status({ state: "in_sync", active: true })).active).toBe(true);
    expect(deploymentView(status({ state: "differs", active: false })).active).toBe(false);
    // The last deploy activated it, but n8n cannot be reached or no longer has it: claim nothing.
    expect(deploymentView(status({ state: "unreachable", active: true })).active).toBeNull();
    expect(deploymentView(status({ state: "missing", active: true })).active).toBeNull();
  });

  it("asks for setup only when n8n is not configured", () => {
    expect(deploymentStates.filter((state) => deploymentView(status({ state })).needsSetup)).toEqual(["not_configured"]);
  });
});
