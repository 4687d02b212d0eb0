import { describe, expect, it } from "vitest";
import type { WorkflowDraft } from "@/shared/workflows";
import { historyReducer, HISTORY_LIMIT, type History } from "./use-workflow-history";
import { newDraft } from "./draft-edits";

const named = (name: string): WorkflowDraft => ({ ...newDraft(), name });
const start = (draft: WorkflowDraft): History => ({ past: [], present: draft, future: [], saved: draft });

describe("historyReducer", () => {
  it("undoes and redoes steps, and a new step drops the redo stack", () => {
    const a = named("a");
    const b = named("b");
    const c = named("c");
    let h = historyReducer(historyReducer(start(a), { kind: "set", draft: b }), { kind: "set", draft: c });
    h = historyReducer(h, { kind: "undo" });
    expect(h.present).toBe(b);
    h = historyReducer(h, { kind: "redo" });
    expect(h.present).toBe(c);
    h = historyReducer(historyReducer(h, { kind: "undo" }), { kind: "set", draft: a });
    expect(h.future).toEqual([]);
    expect(historyReducer(start(a), { kind: "undo" }).present).toBe(a);
  });

  it("makes one step of typing into one field", () => {
    let h = start(named(""));
    for (const name of ["O", "Or", "Ord"]) h = historyReducer(h, { kind: "set", draft: named(name), merge: "name" });
    h = historyReducer(h, { kind: "set", draft: named("Ord2"), merge: "description" });
    expect(h.past.map((d) => d.name)).toEqual(["", "Ord"]);
  });

  it("is clean again when undone back to what was saved, and keeps a bounded past", () => {
    const saved = named("s");
    let h = historyReducer(start(saved), { kind: "set", draft: named("x") });
    expect(h.present === h.saved).toBe(false);
    h = historyReducer(h, { kind: "undo" });
    expect(h.present === h.saved).toBe(true);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = historyReducer(h, { kind: "set", draft: named(String(i)) });
    expect(h.past.length).toBe(HISTORY_LIMIT);
  });

  it("opens an import as unsaved and a new empty draft as clean", () => {
    const draft = named("imported");
    expect(historyReducer(start(named("x")), { kind: "open", draft, saved: false }).saved === draft).toBe(false);
    expect(historyReducer(start(named("x")), { kind: "open", draft, saved: true }).saved).toBe(draft);
  });
});
