import { describe, expect, it } from "vitest";
import { DEFAULT_HEALING_CONFIG, healingConfig, isAtLeast, platformStatusOf, scoreOf, shouldAutoFix, updateHealingConfigInput } from "./platform-health";

const issue = (severity: "critical" | "high" | "medium" | "low") => ({ severity });

describe("platform health rules (spec §4, §9)", () => {
  it("is critical with any critical issue, else warning with any high one, else healthy", () => {
    expect(platformStatusOf([])).toBe("healthy");
    expect(platformStatusOf([issue("low"), issue("medium")])).toBe("healthy");
    expect(platformStatusOf([issue("medium"), issue("high")])).toBe("warning");
    expect(platformStatusOf([issue("high"), issue("critical"), issue("low")])).toBe("critical");
  });

  it("scores checks passed × 20 %", () => {
    expect(scoreOf([])).toBe(0);
    expect(scoreOf([{ passed: true }, { passed: false }, { passed: true }, { passed: true }, { passed: true }])).toBe(80);
    expect(scoreOf(Array.from({ length: 5 }, () => ({ passed: true })))).toBe(100);
  });

  it("auto-fixes only auto-fixable, unfixed issues whose severity the config enables", () => {
    const config = { auto_fix_critical: true, auto_fix_high: false };
    const base = { auto_fixable: true, fix_applied: null };
    expect(shouldAutoFix({ ...base, severity: "critical" }, config)).toBe(true);
    expect(shouldAutoFix({ ...base, severity: "high" }, config)).toBe(false);
    expect(shouldAutoFix({ ...base, severity: "high" }, { ...config, auto_fix_high: true })).toBe(true);
    expect(shouldAutoFix({ ...base, severity: "medium" }, { auto_fix_critical: true, auto_fix_high: true })).toBe(false);
    expect(shouldAutoFix({ ...base, auto_fixable: false, severity: "critical" }, config)).toBe(false);
    expect(shouldAutoFix({ ...base, fix_applied: true, severity: "critical" }, config)).toBe(false);
  });

  it("ranks severities for the notification threshold", () => {
    expect(isAtLeast("critical", "high")).toBe(true);
    expect(isAtLeast("high", "high")).toBe(true);
    expect(isAtLeast("medium", "high")).toBe(false);
    expect(isAtLeast("low", "low")).toBe(true);
  });

  it("has the spec's defaults and offers only 5, 15, 30 and 60 minutes", () => {
    expect(DEFAULT_HEALING_CONFIG).toEqual({ enabled: false, auto_fix_critical: true, auto_fix_high: false, notification_threshold: "high", scan_interval: 15 });
    for (const n of [5, 15, 30, 60]) expect(healingConfig.safeParse({ ...DEFAULT_HEALING_CONFIG, scan_interval: n }).success).toBe(true);
    for (const n of [0, 10, 45, "15", 15.5]) expect(healingConfig.safeParse({ ...DEFAULT_HEALING_CONFIG, scan_interval: n }).success).toBe(false);
    expect(updateHealingConfigInput.safeParse({ ...DEFAULT_HEALING_CONFIG, version: 0, extra: 1 }).success).toBe(false);
    expect(updateHealingConfigInput.safeParse({ ...DEFAULT_HEALING_CONFIG, notification_threshold: "urgent", version: 0 }).success).toBe(false);
  });
});
