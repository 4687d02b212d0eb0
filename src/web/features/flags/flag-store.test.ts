import { beforeEach, describe, expect, it } from "vitest";
import { featuresOf, serverOffFlags } from "./api/get-server-features";
import { createFlagStore, type FlagStorage } from "./flag-store";

const KEY = "test.flags";

function memoryStorage(): FlagStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

describe("flag store", () => {
  let storage: ReturnType<typeof memoryStorage>;
  let store: ReturnType<typeof createFlagStore>;
  beforeEach(() => {
    storage = memoryStorage();
    store = createFlagStore(() => storage, KEY);
  });

  it("gives the defaults (both on) when nothing is stored", () => {
    expect(store.isEnabled("AI_ASSIST_ENABLED")).toBe(true);
    expect(store.isEnabled("N8N_ENABLED")).toBe(true);
    expect(store.getOverrides()).toEqual({});
  });

  it("stores an override only when it differs from the default", () => {
    store.setFlag("N8N_ENABLED", true);
    expect(storage.items.has(KEY)).toBe(false);

    store.setFlag("N8N_ENABLED", false);
    expect(JSON.parse(storage.items.get(KEY) ?? "null")).toEqual({ N8N_ENABLED: false });
    expect(store.isEnabled("N8N_ENABLED")).toBe(false);
    expect(store.isEnabled("AI_ASSIST_ENABLED")).toBe(true);
  });

  it("removes a flag's override when it goes back to the default, and the key with the last one", () => {
    store.setFlag("N8N_ENABLED", false);
    store.setFlag("AI_ASSIST_ENABLED", false);
    store.setFlag("N8N_ENABLED", true);
    expect(JSON.parse(storage.items.get(KEY) ?? "null")).toEqual({ AI_ASSIST_ENABLED: false });
    store.setFlag("AI_ASSIST_ENABLED", true);
    expect(storage.items.has(KEY)).toBe(false);
  });

  it("reset removes every override", () => {
    store.setFlag("N8N_ENABLED", false);
    store.setFlag("AI_ASSIST_ENABLED", false);
    store.resetFlags();
    expect(storage.items.has(KEY)).toBe(false);
    expect(store.isEnabled("N8N_ENABLED")).toBe(true);
  });

  it.each(["{not json", "[1,2]", '"text"', "null", '{"N8N_ENABLED":"no"}', "42"])("ignores a malformed stored value %s", (raw) => {
    storage.items.set(KEY, raw);
    expect(() => store.getOverrides()).not.toThrow();
    expect(store.getOverrides()).toEqual({});
    expect(store.isEnabled("N8N_ENABLED")).toBe(true);
  });

  it("drops unknown names and values equal to the default", () => {
    storage.items.set(KEY, JSON.stringify({ N8N_ENABLED: false, AI_ASSIST_ENABLED: true, OTHER: false }));
    expect(store.getOverrides()).toEqual({ N8N_ENABLED: false });
  });

  it("picks up a value written behind its back (another tab) and keeps the snapshot stable otherwise", () => {
    const first = store.getOverrides();
    expect(store.getOverrides()).toBe(first);
    storage.items.set(KEY, JSON.stringify({ AI_ASSIST_ENABLED: false }));
    expect(store.isEnabled("AI_ASSIST_ENABLED")).toBe(false);
    expect(store.getOverrides()).toBe(store.getOverrides());
  });

  it("notifies subscribers on every change until they unsubscribe", () => {
    let calls = 0;
    const off = store.subscribe(() => calls++);
    store.setFlag("N8N_ENABLED", false);
    store.resetFlags();
    off();
    store.setFlag("N8N_ENABLED", false);
    expect(calls).toBe(2);
  });

  it("survives a storage that throws", () => {
    const broken = createFlagStore(() => {
      throw new Error("blocked");
    }, KEY);
    expect(broken.isEnabled("AI_ASSIST_ENABLED")).toBe(true);
    expect(() => broken.setFlag("AI_ASSIST_ENABLED", false)).not.toThrow();
  });

  it("keeps a flag the server turned off off, whatever this browser stored, and tells its readers", () => {
    store.setFlag("AI_ASSIST_ENABLED", true);
    let heard = 0;
    store.subscribe(() => heard++);
    store.setServerOff(["AI_ASSIST_ENABLED"]);
    expect(store.isEnabled("AI_ASSIST_ENABLED")).toBe(false);
    expect(store.isEnabled("N8N_ENABLED")).toBe(true);
    expect(store.isServerOff("AI_ASSIST_ENABLED")).toBe(true);
    expect(store.isServerOff("N8N_ENABLED")).toBe(false);
    expect(heard).toBe(1);
    store.setServerOff(["AI_ASSIST_ENABLED"]);
    expect(heard).toBe(1);
    store.setServerOff([]);
    expect(store.isEnabled("AI_ASSIST_ENABLED")).toBe(true);
  });

  it("reads the server's features from release-info, and nothing from an answer without them", () => {
    expect(serverOffFlags(featuresOf({ ok: true, features: { ai_assist: false } })!)).toEqual(["AI_ASSIST_ENABLED"]);
    expect(serverOffFlags(featuresOf({ ok: true, features: { ai_assist: true } })!)).toEqual([]);
    expect(featuresOf({ ok: true })).toBeNull();
  });
});
