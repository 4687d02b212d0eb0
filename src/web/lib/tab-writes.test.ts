import { describe, expect, it } from "vitest";
import { scopeOfChange, wholeOrgScope, type LiveChange } from "./change-scope";
import { createTabWrites } from "./tab-writes";

const org = "org-1";
const tick = (id: string): LiveChange => ({ entity: "task", id, action: "updated" });
const taskScope = scopeOfChange({ entity: "task", action: "updated" });
const planeScope = scopeOfChange({ entity: "plane", action: "updated" });

function clocked() {
  let now = 0;
  return { writes: createTabWrites(() => now), advance: (ms: number) => void (now += ms) };
}

describe("this tab's writes", () => {
  it("the echo of a saved write refetches nothing; a change from elsewhere does", () => {
    const { writes } = clocked();
    writes.begin(org);
    expect(writes.end(org, taskScope, { entity: "task", ids: ["a"] })).toEqual(taskScope);
    expect(writes.receive(org, [tick("a")])).toBeNull();
    expect(writes.receive(org, [tick("b")])).toEqual(taskScope);
  });

  it("recognises each write's echo once, so a later change to the same row still refetches", () => {
    const { writes } = clocked();
    writes.begin(org);
    writes.end(org, taskScope, { entity: "task", ids: ["a"] });
    expect(writes.receive(org, [tick("a")])).toBeNull();
    expect(writes.receive(org, [tick("a")])).toEqual(taskScope);
  });

  it("holds changes heard while a write is in flight, and judges them once it has ended", () => {
    const { writes } = clocked();
    writes.begin(org);
    // The echo often arrives before the answer to the write itself.
    expect(writes.receive(org, [tick("a"), { entity: "plane", id: "p", action: "updated" }])).toBeNull();
    expect(writes.end(org, taskScope, { entity: "task", ids: ["a"] })).toEqual({ refetch: [...taskScope.refetch, "planes"], stale: [] });
  });

  it("refetches once, after the last of overlapping writes, for all of them", () => {
    const { writes } = clocked();
    writes.begin(org);
    writes.begin(org);
    expect(writes.end(org, taskScope, { entity: "task", ids: ["a"] })).toBeNull();
    expect(writes.isWriting(org)).toBe(true);
    expect(writes.end(org, planeScope)).toEqual({ refetch: [...taskScope.refetch, "planes"], stale: [] });
    expect(writes.isWriting(org)).toBe(false);
  });

  it("forgets an echo that never came", () => {
    const { writes, advance } = clocked();
    writes.begin(org);
    writes.end(org, taskScope, { entity: "task", ids: ["a"] });
    advance(60_000);
    expect(writes.receive(org, [tick("a")])).toEqual(taskScope);
  });

  it("a resync waits for a write in flight; release lets everything go for a write that hangs", () => {
    const { writes } = clocked();
    writes.begin(org);
    expect(writes.owe(org, wholeOrgScope)).toBeNull();
    expect(writes.release(org)).toEqual(wholeOrgScope);
    expect(writes.receive("org-2", [tick("a")])).toEqual(taskScope); // other organisations are not held
  });
});
