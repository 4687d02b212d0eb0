/**
 * Import this before any module that builds a zod schema (first line of the browser entry and the
 * server's). Zod 4 compiles object parsers with `new Function` unless told not to, and its probe
 * for that is reported by a CSP without 'unsafe-eval' (ours has none) even though the throw is
 * caught. Jitless parses the same way, without eval.
 *
 * This is `z.config({ jitless: true })` done through the object zod reads its config from
 * (`globalThis.__zod_globalConfig`, kept by zod when set before it loads), so the browser's entry
 * sets it without downloading zod: only the routes that validate load zod.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const holder = globalThis as ZodGlobal;
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
