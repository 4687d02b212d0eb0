import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearDraft, hasDraft, readDraft, registerDraft, saveOpenDrafts, setDraftOwner } from "./drafts";

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal("sessionStorage", storage);
  setDraftOwner("user-a");
});
afterEach(() => vi.unstubAllGlobals());

describe("drafts", () => {
  it("saves what the open forms hold, and only while they are open", () => {
    const unregister = registerDraft("task:new", () => ({ title: "Caulk the seams", description: "" }));
    registerDraft("plane:new", () => ({ name: "Fleet" }))();
    saveOpenDrafts();
    expect(hasDraft("task:new")).toBe(true);
    expect(hasDraft("plane:new")).toBe(false);
    unregister();
    clearDraft("task:new");
    saveOpenDrafts();
    expect(hasDraft("task:new")).toBe(false);
  });

  it("restores the saved fields over the form's own, and says so", () => {
    const unregister = registerDraft("task:1", () => ({ title: "Trim the sails", priority: "high" }));
    saveOpenDrafts();
    unregister();
    expect(readDraft("task:1", { title: "", priority: "medium", due: "" })).toEqual({ fields: { title: "Trim the sails", priority: "high", due: "" }, isRestored: true });
    expect(readDraft("task:2", { title: "" })).toEqual({ fields: { title: "" }, isRestored: false });
  });

  it("takes only the form's own fields, as text, from what storage holds", () => {
    storage.setItem("whq.draft.task:new", JSON.stringify({ owner: "user-a", fields: { title: 42, description: "ok", extra: "<script>" } }));
    expect(readDraft("task:new", { title: "", description: "" })).toEqual({ fields: { title: "", description: "ok" }, isRestored: true });
    storage.setItem("whq.draft.task:new", "{not json");
    expect(readDraft("task:new", { title: "" })).toEqual({ fields: { title: "" }, isRestored: false });
  });

  it("shows a draft only to the user who wrote it; another user signing in to the tab finds none, and it is gone", () => {
    const unregister = registerDraft("task:new", () => ({ title: "Salary review notes" }));
    saveOpenDrafts();
    unregister();
    setDraftOwner("user-b");
    expect(hasDraft("task:new")).toBe(false);
    expect(readDraft("task:new", { title: "" })).toEqual({ fields: { title: "" }, isRestored: false });
    setDraftOwner("user-a");
    expect(hasDraft("task:new")).toBe(false);
    // A draft stored without an owner (an older build) is not shown to anyone.
    storage.setItem("whq.draft.task:new", JSON.stringify({ title: "Old" }));
    expect(readDraft("task:new", { title: "" }).isRestored).toBe(false);
  });

  it("saves nothing before anyone is signed in", () => {
    setDraftOwner(null);
    const unregister = registerDraft("task:new", () => ({ title: "x" }));
    saveOpenDrafts();
    unregister();
    expect(storage.getItem("whq.draft.task:new")).toBeNull();
  });

  it("a storage that refuses the write does not stop the sign-in", () => {
    storage.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    const unregister = registerDraft("task:new", () => ({ title: "x" }));
    expect(() => saveOpenDrafts()).not.toThrow();
    unregister();
  });
});
