import { describe, expect, it } from "vitest";
import { createLogger, MAX_LOG_STRING } from "./logger";

const logged = (msg: string, fields: Record<string, unknown>) => {
  const lines: string[] = [];
  createLogger("debug", (l) => lines.push(l)).error(msg, fields);
  return { text: lines[0]!, line: JSON.parse(lines[0]!) as Record<string, unknown> };
};

describe("the logger", () => {
  it("caps every string a line carries, at any depth, and says how much was cut", () => {
    const long = "p".repeat(60_000);
    const { text, line } = logged(long, { error: long, nested: { deeper: [long] } });
    expect(text.length).toBeLessThan(4 * MAX_LOG_STRING);
    expect(line.msg).toMatch(/…\[59500 more chars\]$/);
    expect((line.nested as { deeper: string[] }).deeper[0]).toHaveLength(MAX_LOG_STRING + "…[59500 more chars]".length);
  });

  it("cuts long arrays, and writes values JSON cannot (bigint, cycles) instead of throwing", () => {
    const cycle: Record<string, unknown> = { name: "c" };
    cycle.self = cycle;
    const { line } = logged("m", { items: Array.from({ length: 500 }, (_, i) => i), big: 10n, cycle });
    expect((line.items as unknown[]).length).toBe(51);
    expect(line.big).toBe("10");
    expect(JSON.stringify(line.cycle)).toContain("nested too deep");
  });

  it("leaves short values as they are", () => {
    expect(logged("request", { status: 200, path: "/api/v1/x", ok: true, none: null }).line).toMatchObject({ msg: "request", status: 200, path: "/api/v1/x", ok: true, none: null });
  });
});
