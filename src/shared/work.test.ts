import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createTaskInput, importTasksInput, updateTaskInput } from "./work";

const task = (due_at: unknown) => createTaskInput.safeParse({ title: "t", project_id: randomUUID(), due_at });

describe("due dates", () => {
  it("accept years 1000 to 9999, as the instant falls in UTC", () => {
    for (const due of ["1000-01-01T00:00:00Z", "2026-12-01T09:00:00+02:00", "9999-12-31T23:59:59.999Z", "9999-12-31T20:00:00-03:59", null]) expect(task(due).success, String(due)).toBe(true);
  });

  it("refuse far dates with a message naming the range, never passing them to the database", () => {
    for (const due of ["0999-12-31T23:59:59Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59-23:59", "+275760-09-13T00:00:00.000Z", "-000001-01-01T00:00:00Z", "2024-02-30T00:00:00Z"]) {
      const result = task(due);
      expect(result.success, due).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["due_at"]);
    }
    expect(task("0999-12-31T23:59:59Z").error?.issues[0]?.message).toMatch(/between the years 1000 and 9999/);
    expect(updateTaskInput.safeParse({ due_at: "0500-01-01T00:00:00Z" }).success).toBe(false);
  });
});

describe("bounds", () => {
  it("every text field and list of an input has a maximum", () => {
    const long = "x".repeat(100_000);
    expect(task(null).success).toBe(true);
    expect(createTaskInput.safeParse({ title: long, project_id: randomUUID() }).success).toBe(false);
    expect(importTasksInput.safeParse({ rows: Array.from({ length: 100_001 }, () => ({ title: "t", project: "p" })) }).success).toBe(false);
  });
});
