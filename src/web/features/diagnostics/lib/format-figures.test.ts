import { describe, expect, it } from "vitest";
import { formatBytes, formatMs, formatUptime } from "./format-figures";

describe("diagnostics' figures", () => {
  it("formats bytes, uptimes and milliseconds", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(5.5 * 1024 * 1024)).toBe("5.5 MB");
    expect(formatBytes(300 * 1024 * 1024)).toBe("300 MB");
    expect(formatUptime(42)).toBe("42 s");
    expect(formatUptime(3_725)).toBe("1 h 2 min");
    expect(formatUptime(3 * 86_400 + 4 * 3_600)).toBe("3 d 4 h");
    expect(formatMs(null)).toBeNull();
    expect(formatMs(1.234)).toBe("1.23");
    expect(formatMs(1234.5)).toBe("1,235");
  });
});
