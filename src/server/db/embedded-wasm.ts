import v8 from "node:v8";

/**
 * malloc's mmap threshold (bytes) under which compiling PGlite leaves nothing trapped: blocks of
 * this size and more are mapped on their own and unmapped when freed. V8 compiles in zones of segments up to 32 kB and
 * frees them when a function is done; under the default threshold (128 kB, raised by itself as
 * large blocks come and go) every segment comes from an arena, and the freed ones sit between live
 * blocks that pin them resident for good: 30-50 MB after PGlite opened. At 32 kB they are mapped
 * and unmapped one by one and the arena holds 8-13 MB (docs/decisions/023-embedded-memory.md).
 */
export const COMPILE_ZONE_MMAP_THRESHOLD = 32_768;

/**
 * Whether this process started with malloc's mmap threshold at or under the zone size, from
 * MALLOC_MMAP_THRESHOLD_ or GLIBC_TUNABLES (glibc reads both only at start; `npm start` sets the
 * first). Elsewhere (macOS, musl, a plain `node dist/server/index.mjs`) this is false.
 */
export function mallocMapsCompileZones(env: NodeJS.ProcessEnv = process.env): boolean {
  const tunable = /(?:^|:)glibc\.malloc\.mmap_threshold=(\d+)(?::|$)/.exec(env.GLIBC_TUNABLES ?? "")?.[1];
  const threshold = Number(env.MALLOC_MMAP_THRESHOLD_ || tunable || NaN);
  return threshold > 0 && threshold <= COMPILE_ZONE_MMAP_THRESHOLD;
}

/**
 * Has V8 compile PGlite's WebAssembly (9 MB of Postgres) with its optimising compiler only, for the
 * server process on the embedded database, when malloc was not told to map compile zones on their
 * own (mallocMapsCompileZones). By default V8 first compiles every function with its baseline
 * compiler (Liftoff) and then hot ones again with the optimising one (TurboFan); that leaves
 * 50-100 MB in glibc's per-thread malloc arenas for good, against 11-19 MB without Liftoff (still
 * 30-50 MB in the main arena). The cost is start-up: PGlite opens in about 1.1-1.9 s instead of
 * 0.3-0.5 s on a 2-core machine; requests ran no slower.
 *
 * Only for a process that opens PGlite after this call (V8 reads the flag when it compiles), hence
 * the server's entry and not openEmbedded(): tests open PGlite once per file and would pay the
 * slower compile every time. Node keeps flags changeable after start (v8.setFlagsFromString).
 */
export function compileEmbeddedWasmOptimisedOnly(): void {
  v8.setFlagsFromString("--no-liftoff");
}
