import { describe, expect, it } from "vitest";
import { shownDue } from "./shown-due";

describe("a due date in the import's preview", () => {
  it("is written the reader's way, not as the ISO the server gets", () => {
    expect(shownDue("2026-12-01", "de")).toBe("01.12.2026");
    expect(shownDue("2026-12-01", "fr")).toBe("1 déc. 2026");
    expect(shownDue("2026-12-01", "en")).toBe("Dec 1, 2026");
  });

  it("keeps a time, and leaves what is not a possible date as written", () => {
    expect(shownDue("2026-12-01T09:30:00Z", "de")).toMatch(/^01\.12\.2026, \d{2}:30$/);
    expect(shownDue("31.02.2026", "de")).toBe("31.02.2026");
    expect(shownDue("", "de")).toBe("");
  });
});
