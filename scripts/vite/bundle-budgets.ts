import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin, Rolldown } from "vite";

export type RouteBudget = {
  /** What the line is called in the report, e.g. "/ (landing)". */
  route: string;
  /** The lazily loaded modules the route renders on a first visit, relative to the project root. */
  modules: string[];
  /** Most JavaScript the route may load before it renders, gzip, in kB of 1000 bytes (as Vite prints). */
  maxGzipKb: number;
  /** Where the budget is meant to go, printed beside it while the budget is above it. */
  goalGzipKb?: number;
  /** Most chunks the route may load before it renders: a phone fetches them six at a time, a round trip each. */
  maxFiles?: number;
};

type Chunk = Rolldown.OutputChunk;
export type RouteSize = { route: string; files: { name: string; raw: number; gzip: number }[]; raw: number; gzip: number; maxGzipKb: number; goalGzipKb?: number; maxFiles?: number };

/** The chunk and every chunk it imports statically: what the browser fetches (or modulepreloads) for it. */
function closure(start: Chunk, chunks: Map<string, Chunk>, into: Set<Chunk>) {
  if (into.has(start)) return;
  into.add(start);
  for (const name of start.imports) {
    const next = chunks.get(name);
    if (next) closure(next, chunks, into);
  }
}

/**
 * A route loads the entry (with the chunks index.html modulepreloads, which are its static imports)
 * and the lazy chunk of each module it renders, with their static imports. Chunks reached only by
 * a later dynamic import (another route, the debug overlay) are not counted.
 */
export function measureRoutes(bundle: Rolldown.OutputBundle, root: string, budgets: RouteBudget[]): RouteSize[] {
  const chunks = new Map<string, Chunk>();
  for (const [name, item] of Object.entries(bundle)) if (item.type === "chunk") chunks.set(name, item);
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error("bundle budgets: the build has no entry chunk");
  const gzipOf = new Map<Chunk, number>();
  const gzip = (c: Chunk) => gzipOf.get(c) ?? gzipOf.set(c, gzipSync(c.code, { level: 9 }).length).get(c)!;
  return budgets.map(({ route, modules, maxGzipKb, goalGzipKb, maxFiles }) => {
    const loaded = new Set<Chunk>();
    closure(entry, chunks, loaded);
    for (const module of modules) {
      const id = resolve(root, module);
      // A route's module is the face of its chunk, or one of the modules of a chunk grouped by route (route-chunks.ts).
      const chunk = [...chunks.values()].find((c) => c.facadeModuleId === id) ?? [...chunks.values()].find((c) => !c.isEntry && c.moduleIds.includes(id));
      if (!chunk) throw new Error(`bundle budgets: ${route} names ${module}, which is in no lazy chunk (moved, renamed or no longer lazy?)`);
      closure(chunk, chunks, loaded);
    }
    const files = [...loaded].map((c) => ({ name: c.fileName, raw: Buffer.byteLength(c.code), gzip: gzip(c) })).sort((a, b) => b.gzip - a.gzip);
    const sum = (key: "raw" | "gzip") => files.reduce((n, f) => n + f[key], 0);
    return { route, files, raw: sum("raw"), gzip: sum("gzip"), maxGzipKb, goalGzipKb, maxFiles };
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const overBytes = (s: RouteSize) => s.gzip > s.maxGzipKb * 1000;
const overFiles = (s: RouteSize) => s.maxFiles !== undefined && s.files.length > s.maxFiles;

export function formatReport(sizes: RouteSize[]): string {
  const lines = ["JavaScript each route loads before it renders (gzip level 9):"];
  for (const s of sizes) {
    const verdicts = [overBytes(s) && `OVER BUDGET by ${kb(s.gzip - s.maxGzipKb * 1000)}`, overFiles(s) && `OVER BUDGET by ${s.files.length - s.maxFiles!} files`].filter(Boolean);
    const goal = s.goalGzipKb !== undefined && s.goalGzipKb < s.maxGzipKb ? ` (goal ${s.goalGzipKb} kB)` : "";
    const files = s.maxFiles !== undefined ? `, ${s.maxFiles} files` : "";
    lines.push(`  ${s.route.padEnd(16)} ${String(s.files.length).padStart(2)} files  ${kb(s.raw).padStart(9)} raw  ${kb(s.gzip).padStart(8)} gzip  budget ${s.maxGzipKb} kB${files}${goal}  ${verdicts.join(", ") || "ok"}`);
    const shown = process.env.BUDGET_DETAIL === "1" ? s.files.length : 6;
    for (const f of s.files.slice(0, shown)) lines.push(`      ${f.name.padEnd(44)} ${kb(f.raw).padStart(9)} raw  ${kb(f.gzip).padStart(8)} gzip`);
    if (s.files.length > shown) lines.push(`      … and ${s.files.length - shown} smaller files (BUDGET_DETAIL=1 lists them)`);
  }
  return lines.join("\n");
}

/** Vite build plugin: prints each route's JavaScript and fails the build when one is over budget. */
export function bundleBudgets(budgets: RouteBudget[], { root }: { root: string }): Plugin {
  let log: (message: string) => void = console.log;
  let production = true;
  return {
    name: "whq:bundle-budgets",
    apply: "build",
    configResolved(config) {
      log = (message) => config.logger.info(message);
      production = config.isProduction;
    },
    writeBundle(_options, bundle) {
      const sizes = measureRoutes(bundle, root, budgets);
      log(`\n${formatReport(sizes)}\n`);
      // A build under NODE_ENV=test or development carries React's development code: sizes say nothing.
      if (!production) return log("Not a production build (NODE_ENV is not production): budgets not checked.");
      const over = [
        ...sizes.filter(overBytes).map((s) => `${s.route} ${kb(s.gzip)} gzip > ${s.maxGzipKb} kB`),
        ...sizes.filter(overFiles).map((s) => `${s.route} ${s.files.length} files > ${s.maxFiles}`),
      ];
      if (over.length) this.error(`over the JavaScript budget: ${over.join("; ")} (budgets in vite.config.ts)`);
    },
  };
}
