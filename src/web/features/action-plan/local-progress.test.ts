import { describe, expect, it } from "vitest";
import { storageKeys } from "@/web/lib/storage-keys";
import { clearLocalProgress, readLocalProgress, writeLocalProgress, type ProgressStorage } from "./local-progress";

function memoryStorage(): ProgressStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}

describe("the action plan's copy in this browser", () => {
  it("keeps the ticks of a signed-in user, and forgets them at sign-out, leaving the rest", () => {
    const storage = memoryStorage();
    storage.setItem(storageKeys.language, "de");
    writeLocalProgress({ items: { "s1-0": true }, savedAt: "2026-11-28T07:00:00Z" }, storage);
    expect(readLocalProgress(storage)).toEqual({ items: { "s1-0": true }, savedAt: "2026-11-28T07:00:00Z" });
    clearLocalProgress(storage);
    expect(readLocalProgress(storage)).toEqual({ items: {}, savedAt: null });
    expect(storage.items.get(storageKeys.language)).toBe("de");
  });
});
