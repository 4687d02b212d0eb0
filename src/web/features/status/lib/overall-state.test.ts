import { describe, expect, it } from "vitest";
import type { HealthResponse } from "@/shared/functions";
import type { AgentReadyResponse } from "@/shared/jobs";
import { overallState, type ProbeResult } from "./overall-state";

const part = { ok: true, since: null, state: "up" as const };
const health = (over: Partial<HealthResponse> = {}): ProbeResult<HealthResponse> => ({
  status: "success",
  data: { ok: true, db: true, db_latency_ms: 1.5, db_slow: false, timestamp: "2026-11-23T10:00:00.000Z", error: null, parts: { database: part, listener: part, sessions: part }, ...over },
});
const agent = (ok: boolean): ProbeResult<AgentReadyResponse> => ({ status: "success", data: { ok, n8n_base_set: ok, hmac_set: ok, timestamp: "2026-11-23T10:00:00.000Z" } });

describe("overallState", () => {
  it("is Checking until the first probes answer", () => {
    expect(overallState({ status: "pending" }, { status: "pending" })).toBe("checking");
    expect(overallState(health(), { status: "pending" })).toBe("checking");
    expect(overallState({ status: "pending" }, agent(true))).toBe("checking");
  });

  it("is Online only when every check passed", () => {
    expect(overallState(health(), agent(true))).toBe("online");
  });

  it("is Degraded when health is up but something else is not", () => {
    expect(overallState(health(), agent(false))).toBe("degraded");
    expect(overallState(health(), { status: "error" })).toBe("degraded");
    expect(overallState(health({ ok: false, error: "Not listening for changes" }), agent(true))).toBe("degraded");
  });

  it("is Degraded when the database answers slowly or the configured n8n does not answer", () => {
    expect(overallState(health({ db_latency_ms: 1500, db_slow: true }), agent(true))).toBe("degraded");
    const silentN8n: ProbeResult<AgentReadyResponse> = { status: "success", data: { ok: true, n8n_base_set: true, hmac_set: true, n8n_reachable: false, n8n_latency_ms: null, timestamp: "2026-11-23T10:00:00.000Z" } };
    expect(overallState(health(), silentN8n)).toBe("degraded");
  });

  it("is Offline when health cannot be reached or the database is down, whatever the agent says", () => {
    expect(overallState({ status: "error" }, agent(true))).toBe("offline");
    expect(overallState({ status: "error" }, { status: "pending" })).toBe("offline");
    expect(overallState(health({ ok: false, db: false, db_latency_ms: null }), agent(true))).toBe("offline");
  });
});
