import v8 from "node:v8";

/**
 * Has V8 compile PGlite's WebAssembly (9 MB of Postgres) with its optimising compiler only, for the
 * server process on the embedded database. By default V8 first compiles every function with its
 * baseline compiler (Liftoff) and then hot ones again with the optimising one (TurboFan); the
 * baseline round leaves about 30 MB more resident for good, mostly in glibc's per-thread malloc
 * arenas (bench/memory.ts with MEMORY_BREAKDOWN=1: 224 -> 193 MB after start, 229 -> 201 MB after
 * 3,000 requests and 30 s idle). The cost is start-up: PGlite opens in about 1.1 s instead of 0.3 s
 * on a 2-core machine. Queries run no slower, as they start on optimised code.
 *
 * Only for a process that opens PGlite after this call (V8 reads the flag when it compiles), hence
 * the server's entry and not openEmbedded(): tests open PGlite once per file and would pay the
 * slower compile every time. Node keeps flags changeable after start (v8.setFlagsFromString).
 */
export function compileEmbeddedWasmOptimisedOnly(): void {
  v8.setFlagsFromString("--no-liftoff");
}
