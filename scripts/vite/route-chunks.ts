import { dirname, join, resolve } from "node:path";
import type { Plugin } from "vite";

type ModuleInfo = { code: string | null; importedIds: readonly string[] };
export type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };
export type ChunkGroup = { name: string; roots: string[] };
/**
 * Pages opened after the levels: what at least `minShare` of them import goes to one chunk, `name`,
 * except modules over `maxModuleBytes` and what they import, which keep Rolldown's chunks.
 */
export type PagesGroup = { name: string; pages: string[]; minShare: number; maxModuleBytes: number };
/** `boot`: one chunk for what the entry imports, beside the entry's own. */
export type RouteChunkOptions = { entry: string; boot?: string; shared: ChunkGroup[]; levels: ChunkGroup[]; pages?: PagesGroup };

// lucide-react's entry re-exports every icon: a module that imports two icons from it would
// otherwise seem to reach all of them. Its named imports are followed to the icons' own modules.
const ICON_BARREL = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

function barrelExports(id: string, code: string): Map<string, string> {
  const exports = new Map<string, string>();
  for (const [, names = "", from = ""] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = resolve(dirname(id), from);
    for (const name of names.split(",")) exports.set(name.trim().split(/\s+as\s+/).pop()!, target);
  }
  return exports;
}

/** The names a module imports from lucide-react, or null when it takes the whole namespace. */
function iconImports(code: string): string[] | null {
  if (/import\s*\*\s*as\s+\w+\s+from\s*["']lucide-react["']/.test(code)) return null;
  const names: string[] = [];
  for (const [, list = ""] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
    for (const part of list.split(",")) if (part.trim()) names.push(part.trim().split(/\s+as\s+/)[0]!);
  }
  return names;
}

/**
 * Which chunk each module of a route level goes to. Each level takes the modules its roots import
 * statically that neither the entry nor an earlier level has. What a public page imports as well
 * goes to the first `shared` group whose roots reach it instead, so public pages never load the
 * signed-in shell. With `boot`, what the entry imports is one chunk. After the levels, what
 * `minShare` or more of the `pages` import goes to one chunk of their own: each page then loads
 * that chunk whole instead of a dozen kilobyte-sized ones. Modules not in the plan keep Rolldown's
 * own chunks.
 */
export function planRouteChunks(graph: ModuleGraph, root: string, options: RouteChunkOptions): Map<string, string> {
  const closures = new Map<string, Set<string>>();
  let icons: Map<string, string> | undefined;
  const closure = (start: string) => {
    const known = closures.get(start);
    if (known) return known;
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = graph.getModuleInfo(id);
      for (const next of info?.importedIds ?? []) {
        const names = ICON_BARREL.test(next) ? iconImports(info?.code ?? "") : null;
        if (!names) {
          stack.push(next);
          continue;
        }
        icons ??= barrelExports(next, graph.getModuleInfo(next)?.code ?? "");
        for (const name of names) stack.push(icons.get(name) ?? next);
      }
    }
    closures.set(start, seen);
    return seen;
  };
  const union = (roots: string[]) => new Set(roots.flatMap((r) => [...closure(join(root, r))]));
  const plan = new Map<string, string>();
  const taken = union([options.entry]);
  // Left to Rolldown, what the entry imports came as a dozen chunks (Preact, i18next, the router's
  // pieces), cut where the lazy pages share some of it: all loaded at boot, all in the first wave.
  if (options.boot) for (const id of taken) if (id !== join(root, options.entry) && !ICON_BARREL.test(id)) plan.set(id, options.boot);
  const shared = options.shared.map((group) => ({ name: group.name, modules: union(group.roots) }));
  for (const level of options.levels) {
    for (const id of union(level.roots)) {
      if (taken.has(id) || ICON_BARREL.test(id)) continue;
      plan.set(id, shared.find((group) => group.modules.has(id))?.name ?? level.name);
      taken.add(id);
    }
  }
  const pages = options.pages;
  if (pages) {
    // A page that reaches a module statically reaches what it imports: what this chunk's modules
    // import is in it too, or in an earlier level, or in a shared group, or held back below. Rolldown
    // could still put a held module beside one that imports this chunk; noChunkCycles fails that build.
    const share = new Map<string, number>();
    for (const page of new Set(pages.pages)) {
      for (const id of closure(join(root, page))) if (!taken.has(id) && !ICON_BARREL.test(id)) share.set(id, (share.get(id) ?? 0) + 1);
    }
    // A big module (zod, which the shared schemas build on) is worth a chunk of its own: merged, every
    // page that needs one small part of the group would load it. So it stays in Rolldown's chunks
    // with what it imports and with every module that imports it, and the group imports none of them.
    const big = [...share.keys()].filter((id) => (graph.getModuleInfo(id)?.code?.length ?? 0) > pages.maxModuleBytes);
    const held = new Set(big.flatMap((id) => [...closure(id)]));
    for (const id of share.keys()) if (big.some((b) => closure(id).has(b))) held.add(id);
    // What public pages import as well goes to the first shared group that reaches it, as in the
    // levels (a couple of kB: icons, a label). What such a module imports is reached by that group
    // too, or by one listed before it, so shared chunks import each other one way.
    for (const [id, count] of share) {
      if (count < pages.minShare || held.has(id)) continue;
      plan.set(id, shared.find((group) => group.modules.has(id))?.name ?? pages.name);
    }
  }
  return plan;
}

/**
 * Rolldown's `output.codeSplitting` for route levels: one chunk per level instead of dozens of
 * kilobyte-sized shared chunks. A phone fetches chunks over six HTTP/1.1 connections, a round trip
 * apiece, so 40 small chunks one import deeper cost far more than their bytes
 * (docs/decisions/005-bundle-budgets.md).
 */
export function routeChunks(root: string, options: RouteChunkOptions) {
  let plan: Map<string, string> | undefined;
  return {
    // Only the planned modules move; their imports stay where Rolldown puts them.
    includeDependenciesRecursively: false,
    groups: [{ debugName: "route levels", name: (id: string, graph: ModuleGraph) => (plan ??= planRouteChunks(graph, root, options)).get(id) ?? null }],
  };
}

/** Chunks that import each other in a circle, each cycle as its file names ("a.js -> b.js -> a.js"). */
export function chunkCycles(chunks: { fileName: string; imports: readonly string[] }[]): string[] {
  const imports = new Map(chunks.map((c) => [c.fileName, c.imports]));
  const cycles = new Set<string>();
  const done = new Set<string>();
  const visit = (name: string, path: string[]) => {
    const at = path.indexOf(name);
    if (at >= 0) {
      // The same circle found from another start reads the same once rotated to its least name.
      const circle = path.slice(at);
      const start = circle.indexOf([...circle].sort()[0]!);
      const rotated = [...circle.slice(start), ...circle.slice(0, start)];
      cycles.add([...rotated, rotated[0]].join(" -> "));
      return;
    }
    if (done.has(name)) return;
    for (const next of imports.get(name) ?? []) visit(next, [...path, name]);
    done.add(name);
  };
  for (const c of chunks) visit(c.fileName, []);
  return [...cycles];
}

/**
 * Fails the build when chunks import each other in a circle. The planned groups leave their
 * modules' imports where Rolldown puts them (includeDependenciesRecursively off), which Rolldown
 * warns can make such circles; across a circle, modules may run before what they import.
 */
export function noChunkCycles(): Plugin {
  return {
    name: "whq:no-chunk-cycles",
    apply: "build",
    generateBundle(_options, bundle) {
      const cycles = chunkCycles(Object.values(bundle).filter((item) => item.type === "chunk"));
      if (cycles.length) this.error(`chunks import each other in a circle (route-chunks.ts): ${cycles.join("; ")}`);
    },
  };
}
