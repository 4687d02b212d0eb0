import { describe, expect, it } from "vitest";
import { WORKFLOW_MAX_TIMEOUT_S } from "@/shared/workflows";
import { readTimeout } from "./timeout-input";

describe("readTimeout", () => {
  it("reads whole seconds, trimmed", () => {
    expect(readTimeout("30")).toEqual({ ok: true, value: 30 });
    expect(readTimeout(" 120 ")).toEqual({ ok: true, value: 120 });
  });

  it("reads an empty field as no time limit, as n8n runs a workflow without one", () => {
    expect(readTimeout("")).toEqual({ ok: true, value: null });
    expect(readTimeout("  ")).toEqual({ ok: true, value: null });
  });

  it("refuses non-numeric, fractional and out-of-range text with the schema's words", () => {
    expect(readTimeout("soon")).toEqual({ ok: false, message: "Enter the timeout in seconds" });
    expect(readTimeout("1.5")).toEqual({ ok: false, message: "Enter whole seconds" });
    expect(readTimeout("0")).toEqual({ ok: false, message: "Use at least 1 second" });
    expect(readTimeout(String(WORKFLOW_MAX_TIMEOUT_S + 1))).toEqual({ ok: false, message: `Use at most ${WORKFLOW_MAX_TIMEOUT_S} seconds` });
  });
});
