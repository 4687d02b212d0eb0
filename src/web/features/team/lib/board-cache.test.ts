import { describe, expect, it } from "vitest";
import type { Task } from "@/shared/work";
import { withCard, withoutCard, type Columns } from "./board-cache";

const card = (id: string) => ({ id, status: "todo" }) as Task;
const column = (...pages: string[][]): Columns => ({ pageParams: pages.map((_, i) => (i ? String(i) : null)), pages: pages.map((ids, i) => ({ tasks: ids.map(card), next_cursor: i < pages.length - 1 ? String(i + 1) : null })) });
const ids = (c: Columns) => c.pages.map((p) => p.tasks.map((t) => t.id));

// The drop's optimistic update: the card leaves one page and lands in one, every other page (and task) kept as it was.
describe("board cache", () => {
  it("takes a card out of the page that holds it only", () => {
    const before = column(["a", "b"], ["c", "d"]);
    const after = withoutCard(before, "c");
    expect(ids(after)).toEqual([["a", "b"], ["d"]]);
    expect(after.pages[0]).toBe(before.pages[0]);
    expect(withoutCard(before, "zz")).toBe(before);
  });

  it("puts a card before or after its neighbour, in the neighbour's page, else at the end", () => {
    const before = column(["a", "b"], ["c", "d"]);
    const x = card("x");
    expect(ids(withCard(before, x, { status: "todo", before_id: "d", after_id: "c" }))).toEqual([["a", "b"], ["c", "x", "d"]]);
    expect(ids(withCard(before, x, { status: "todo", before_id: null, after_id: "a" }))).toEqual([["a", "x", "b"], ["c", "d"]]);
    expect(ids(withCard(before, x, { status: "todo", before_id: null, after_id: null }))).toEqual([["a", "b"], ["c", "d", "x"]]);
    const moved = withCard(before, card("a"), { status: "todo", before_id: null, after_id: "d" });
    expect(ids(moved)).toEqual([["b"], ["c", "d", "a"]]);
    expect(withCard(before, x, { status: "todo", before_id: "d", after_id: "c" }).pages[0]).toBe(before.pages[0]);
  });
});
