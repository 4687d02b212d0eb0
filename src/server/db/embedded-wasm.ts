import v8 from "node:v8";

/**
 * Has V8 compile PGlite's WebAssembly (9 MB of Postgres) with its optimising compiler only, for the
 * server process on the embedded database. By default V8 first compiles every function with its
 * baseline compiler (Liftoff) and then hot ones again with the optimising one (TurboFan); that
 * leaves 50-100 MB in glibc's per-thread malloc arenas for good (memory freed by the compile threads
 * that malloc does not give back), against 11-19 MB without Liftoff. bench/memory.ts, 2 runs each,
 * alternated, load 2-4: after start 246-271 -> 203-233 MB, after 3,000 requests and 30 s idle
 * 248-278 -> 214-242 MB (docs/decisions/023-embedded-memory.md). The cost is start-up: PGlite opens
 * in about 1.1 s instead of 0.2-0.3 s on a 2-core machine; requests ran no slower.
 *
 * Only for a process that opens PGlite after this call (V8 reads the flag when it compiles), hence
 * the server's entry and not openEmbedded(): tests open PGlite once per file and would pay the
 * slower compile every time. Node keeps flags changeable after start (v8.setFlagsFromString).
 */
export function compileEmbeddedWasmOptimisedOnly(): void {
  v8.setFlagsFromString("--no-liftoff");
}
