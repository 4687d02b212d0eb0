import { describe, expect, it } from "vitest";
import { parseTaskView, withParam } from "./view-param";

describe("the task view in the address", () => {
  it("reads the four views and falls back to all for anything else", () => {
    expect(parseTaskView("overdue")).toBe("overdue");
    expect(parseTaskView("today")).toBe("today");
    expect(parseTaskView("done")).toBe("done");
    expect(parseTaskView("all")).toBe("all");
    for (const raw of [null, undefined, "", "Overdue", "constructor", "__proto__", "done ", "%00"]) expect(parseTaskView(raw)).toBe("all");
  });

  it("writes a view, drops the default and keeps the other params", () => {
    const params = new URLSearchParams("q=hull&tab=done");
    expect(withParam(params, "tab", "overdue", "all").toString()).toBe("q=hull&tab=overdue");
    expect(withParam(params, "tab", "all", "all").toString()).toBe("q=hull");
    expect(params.toString()).toBe("q=hull&tab=done");
  });
});
