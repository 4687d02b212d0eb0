import v8 from "node:v8";
import { afterEach, describe, expect, it, vi } from "vitest";
import { compileEmbeddedWasmOptimisedOnly } from "./embedded-wasm";

describe("compileEmbeddedWasmOptimisedOnly", () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns V8's baseline WebAssembly compiler off, and nothing else", () => {
    // Not set for real: this test process would keep it.
    const set = vi.spyOn(v8, "setFlagsFromString").mockImplementation(() => undefined);
    compileEmbeddedWasmOptimisedOnly();
    expect(set.mock.calls).toEqual([["--no-liftoff"]]);
  });
});
