import { describe, expect, it } from "vitest";
import type { HealthHistoryResponse } from "@/shared/health-history";
import { failureMarks, linePoints, scaleTop, summarise } from "./latency-chart";

const history: HealthHistoryResponse = {
  ok: true,
  hours: 6,
  bucket_minutes: 5,
  from: "2025-03-10T06:00:00.000Z",
  to: "2025-03-10T12:00:00.000Z",
  points: [
    { at: "2025-03-10T06:00:00.000Z", probe: "api", avg_ms: 10, max_ms: 30, samples: 4, failures: 1 },
    { at: "2025-03-10T11:55:00.000Z", probe: "api", avg_ms: 40, max_ms: 45, samples: 1, failures: 0 },
    { at: "2025-03-10T11:55:00.000Z", probe: "database", avg_ms: null, max_ms: null, samples: 2, failures: 2 },
  ],
};

describe("the latency chart", () => {
  it("summarises each probe, weighting averages by the answers that came", () => {
    expect(summarise(history.points, "api")).toEqual({ avgMs: 17.5, maxMs: 45, samples: 5, failures: 1 });
    expect(summarise(history.points, "database")).toEqual({ avgMs: null, maxMs: null, samples: 2, failures: 2 });
  });

  it("scales to a readable top and draws a step per bucket across the window", () => {
    expect(scaleTop(history.points)).toBe(40);
    expect(scaleTop([])).toBe(10);
    expect(linePoints(history, "api", 40)).toBe("0.0,89.5 8.3,89.5 591.7,1.0 600.0,1.0");
    expect(linePoints(history, "database", 40)).toBe("");
    expect(failureMarks(history).map((x) => Math.round(x))).toEqual([0, 592]);
  });
});
