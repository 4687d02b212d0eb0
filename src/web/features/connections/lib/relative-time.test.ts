import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time";

const now = new Date("2030-06-15T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe("formatRelativeTime", () => {
  it("says now for the last minute", () => {
    expect(formatRelativeTime(ago(0), now, "en")).toBe("now");
    expect(formatRelativeTime(ago(59), now, "en")).toBe("now");
  });

  it("uses the largest whole unit", () => {
    expect(formatRelativeTime(ago(60), now, "en")).toBe("1 minute ago");
    expect(formatRelativeTime(ago(3 * 3600 + 50 * 60), now, "en")).toBe("3 hours ago");
    expect(formatRelativeTime(ago(24 * 3600), now, "en")).toBe("yesterday");
    expect(formatRelativeTime(ago(15 * 24 * 3600), now, "en")).toBe("2 weeks ago");
    expect(formatRelativeTime(ago(400 * 24 * 3600), now, "en")).toBe("last year");
  });

  it("speaks the reader's language", () => {
    expect(formatRelativeTime(ago(2 * 3600), now, "de")).toBe("vor 2 Stunden");
  });
});
