import { describe, expect, it } from "vitest";
import { taskCountsQuery, tasksQuery } from "./get-tasks";

const paris = { day: "2025-03-01", tz: "Europe/Paris" };

describe("task query keys", () => {
  it("hold every parameter the request sends, the local day among them", () => {
    const key = tasksQuery("org-1", { view: "today", projectId: "p-1", q: "hull" }, paris).queryKey;
    expect(key).toEqual(["orgs", "org-1", "tasks", { view: "today", projectId: "p-1", q: "hull", tz: "Europe/Paris", day: "2025-03-01", limit: 50 }]);
    expect(taskCountsQuery("org-1", paris).queryKey).toEqual(["orgs", "org-1", "task-counts", { tz: "Europe/Paris", day: "2025-03-01" }]);
  });

  it("differ when the day or the zone changes, so a tab open overnight asks again", () => {
    const list = (calendar: typeof paris) => JSON.stringify(tasksQuery("org-1", { view: "today" }, calendar).queryKey);
    const counts = (calendar: typeof paris) => JSON.stringify(taskCountsQuery("org-1", calendar).queryKey);
    for (const next of [{ ...paris, day: "2025-03-02" }, { ...paris, tz: "America/New_York" }]) {
      expect(list(next)).not.toBe(list(paris));
      expect(counts(next)).not.toBe(counts(paris));
    }
  });
});
