import { describe, expect, it } from "vitest";
import { planLines } from "./plan-lines";

const now = new Date("2026-03-10T12:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * 24 * 3600 * 1000).toISOString();
const starter = { plan: "free", trial_ends_at: null };
const usage = (used: number, read_only = 0, limit: number | null = 3) => ({ used, limit, read_only });

describe("planLines", () => {
  it("counts the trial's days left, whatever the usage", () => {
    expect(planLines({ plan: "free", trial_ends_at: inDays(2.5) }, undefined, now)).toEqual({
      title: { key: "plan.trial", values: { count: 3 } },
      note: { key: "plan.trialNote" },
    });
  });

  it("shows the projects used on Starter, and the limit", () => {
    expect(planLines(starter, usage(2), now)).toEqual({
      title: { key: "plan.starterUsage", values: { used: 2, limit: 3 } },
      note: { key: "plan.starterNote", values: { limit: 3 } },
    });
  });

  it("after the trial, says it ended and what is used, or what became read-only", () => {
    const ended = { plan: "free", trial_ends_at: inDays(-1) };
    expect(planLines(ended, usage(3), now)).toEqual({
      title: { key: "plan.ended" },
      note: { key: "plan.starterUsage", values: { used: 3, limit: 3 } },
    });
    expect(planLines(ended, usage(5, 2), now)).toEqual({
      title: { key: "plan.ended" },
      note: { key: "plan.readOnly", values: { count: 2, limit: 3 } },
    });
  });

  it("names read-only projects on Starter without a trial too", () => {
    expect(planLines(starter, usage(4, 1), now)?.note).toEqual({ key: "plan.readOnly", values: { count: 1, limit: 3 } });
  });

  it("says nothing on a plan without limits, or before the figures arrive", () => {
    expect(planLines({ plan: "professional", trial_ends_at: null }, usage(9, 0, null), now)).toBeNull();
    expect(planLines(starter, undefined, now)).toBeNull();
  });
});
