import { afterAll, beforeAll } from "vitest";
import { createTestApp, openTwoInstances, type TestApp, type TwoInstances } from "./test-app";

// The suite's own app(s), opened before its first test and closed after its last. The objects
// returned are filled in by beforeAll, so tests read their fields, never module-level code.

/** One app on a fresh database for the whole suite. */
export function useTestApp(overrides: Record<string, string> = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => void Object.assign(t, await createTestApp(overrides)));
  afterAll(async () => t.close?.());
  return t;
}

/** Two instances on one fresh database (openTwoInstances); destructure them at module level. */
export function useTwoInstances(): Omit<TwoInstances, "close"> {
  const two = { database: {}, a: {}, b: {} } as TwoInstances;
  beforeAll(async () => {
    const opened = await openTwoInstances();
    Object.assign(two.database, opened.database);
    Object.assign(two.a, opened.a);
    Object.assign(two.b, opened.b);
    two.close = opened.close;
  });
  afterAll(async () => two.close?.());
  return two;
}
