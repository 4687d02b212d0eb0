import { describe, expect, it } from "vitest";
import type { Task } from "@/shared/work";
import { dropTarget } from "./drop-target";

const card = (id: string, status: Task["status"]) => ({ id, status }) as Task;
const columns = { todo: [card("a", "todo"), card("b", "todo"), card("c", "todo")], in_progress: [card("x", "in_progress")], done: [] };

describe("dropTarget", () => {
  it("within a column: down goes after the card dropped on, up before it", () => {
    expect(dropTarget(columns, "a", "todo", "c")).toEqual({ status: "todo", after_id: "c", before_id: null });
    expect(dropTarget(columns, "c", "todo", "a")).toEqual({ status: "todo", after_id: null, before_id: "a" });
    expect(dropTarget(columns, "b", "todo", "b")).toBeNull();
  });
  it("into another column: before the card dropped on, or at the end of the column", () => {
    expect(dropTarget(columns, "a", "todo", "x")).toEqual({ status: "in_progress", after_id: null, before_id: "x" });
    expect(dropTarget(columns, "a", "todo", "column:in_progress")).toEqual({ status: "in_progress", after_id: "x", before_id: null });
    expect(dropTarget(columns, "a", "todo", "column:done")).toEqual({ status: "done", after_id: null, before_id: null });
  });
});
