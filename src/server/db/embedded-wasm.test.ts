import { readFileSync } from "node:fs";
import v8 from "node:v8";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMPILE_ZONE_MMAP_THRESHOLD, compileEmbeddedWasmOptimisedOnly, mallocMapsCompileZones } from "./embedded-wasm";

describe("compileEmbeddedWasmOptimisedOnly", () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns V8's baseline WebAssembly compiler off, and nothing else", () => {
    // Not set for real: this test process would keep it.
    const set = vi.spyOn(v8, "setFlagsFromString").mockImplementation(() => undefined);
    compileEmbeddedWasmOptimisedOnly();
    expect(set.mock.calls).toEqual([["--no-liftoff"]]);
  });
});

describe("mallocMapsCompileZones", () => {
  it("reads malloc's mmap threshold from either of glibc's variables", () => {
    expect(mallocMapsCompileZones({})).toBe(false);
    expect(mallocMapsCompileZones({ MALLOC_MMAP_THRESHOLD_: "32768" })).toBe(true);
    expect(mallocMapsCompileZones({ MALLOC_MMAP_THRESHOLD_: "16384" })).toBe(true);
    expect(mallocMapsCompileZones({ MALLOC_MMAP_THRESHOLD_: "131072" })).toBe(false);
    expect(mallocMapsCompileZones({ MALLOC_MMAP_THRESHOLD_: "" })).toBe(false);
    expect(mallocMapsCompileZones({ MALLOC_MMAP_THRESHOLD_: "0" })).toBe(false);
    expect(mallocMapsCompileZones({ GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=32768" })).toBe(true);
    expect(mallocMapsCompileZones({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=8192" })).toBe(true);
    expect(mallocMapsCompileZones({ GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=65536" })).toBe(false);
    expect(mallocMapsCompileZones({ GLIBC_TUNABLES: "glibc.malloc.trim_threshold=32768" })).toBe(false);
  });

  it("holds for `npm start`, whose script sets the threshold before node starts", () => {
    const start = (JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { scripts: { start: string } }).scripts.start;
    const env = Object.fromEntries([...start.matchAll(/\b([A-Z_]+)=(\S*)/g)].map(([, name, value]) => [name!, value!]));
    expect(env).toEqual({ MALLOC_MMAP_THRESHOLD_: String(COMPILE_ZONE_MMAP_THRESHOLD) });
    expect(mallocMapsCompileZones(env)).toBe(true);
  });
});
