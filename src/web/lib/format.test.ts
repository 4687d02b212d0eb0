import { afterEach, describe, expect, it } from "vitest";
import i18n from "@/web/i18n";
import { formatDate, formatNumber, formatTime } from "./format";

describe("format", () => {
  afterEach(() => i18n.changeLanguage("en"));

  it("uses the app's language, not the browser's", async () => {
    const day = new Date(Date.UTC(2026, 2, 3, 12));
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatDate(day, { dateStyle: "long", timeZone: "UTC" })).toBe("March 3, 2026");
    await i18n.changeLanguage("de");
    expect(formatNumber(1234567)).toBe("1.234.567");
    expect(formatDate(day, { dateStyle: "long", timeZone: "UTC" })).toBe("3. März 2026");
    expect(formatTime(day, { timeStyle: "short", timeZone: "UTC" })).toBe("12:00");
  });
});
