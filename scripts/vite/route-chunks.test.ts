import { describe, expect, it } from "vitest";
import { chunkCycles, planRouteChunks, type ModuleGraph } from "./route-chunks";

const barrel = "/p/node_modules/lucide-react/dist/esm/lucide-react.mjs";
const icon = (name: string) => `/p/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;
const modules: Record<string, { imports: string[]; code?: string }> = {
  "/p/main.tsx": { imports: ["/p/react.js", barrel], code: 'import { Sun } from "lucide-react";' },
  "/p/react.js": { imports: [] },
  [barrel]: {
    imports: [icon("sun"), icon("bot"), icon("key"), icon("unused")],
    code: "export { default as Sun } from './icons/sun.mjs';\nexport { default as Bot, default as BotIcon } from './icons/bot.mjs';\nexport { default as Key } from './icons/key.mjs';\nexport { default as Unused } from './icons/unused.mjs';",
  },
  [icon("sun")]: { imports: [] },
  [icon("bot")]: { imports: [] },
  [icon("key")]: { imports: [] },
  [icon("unused")]: { imports: [] },
  "/p/auth-page.tsx": { imports: ["/p/spinner.tsx"] },
  "/p/status-page.tsx": { imports: ["/p/query.js"] },
  "/p/spinner.tsx": { imports: [] },
  "/p/query.js": { imports: [] },
  "/p/layout.tsx": { imports: ["/p/react.js", "/p/sidebar.tsx", "/p/spinner.tsx", "/p/query.js", barrel], code: 'import { BotIcon as Robot } from "lucide-react";' },
  "/p/sidebar.tsx": { imports: [] },
  "/p/dashboard.tsx": { imports: ["/p/sidebar.tsx", "/p/tiles.tsx", barrel], code: 'import { Key, Sun } from "lucide-react";' },
  "/p/tiles.tsx": { imports: [] },
};
const graph: ModuleGraph = { getModuleInfo: (id) => (modules[id] ? { importedIds: modules[id].imports, code: modules[id].code ?? "" } : null) };

describe("planRouteChunks", () => {
  const plan = planRouteChunks(graph, "/p", {
    entry: "main.tsx",
    shared: [
      { name: "auth-common", roots: ["auth-page.tsx"] },
      { name: "common", roots: ["status-page.tsx", "auth-page.tsx"] },
    ],
    levels: [
      { name: "app-shell", roots: ["layout.tsx"] },
      { name: "dashboard", roots: ["dashboard.tsx"] },
    ],
  });

  it("puts each level's own modules in one chunk, a module in the first level that reaches it", () => {
    expect(plan.get("/p/layout.tsx")).toBe("app-shell");
    expect(plan.get("/p/sidebar.tsx")).toBe("app-shell");
    expect(plan.get("/p/dashboard.tsx")).toBe("dashboard");
    expect(plan.get("/p/tiles.tsx")).toBe("dashboard");
  });

  it("leaves what the entry loads where it is", () => {
    expect(plan.has("/p/main.tsx")).toBe(false);
    expect(plan.has("/p/react.js")).toBe(false);
    expect(plan.has(icon("sun"))).toBe(false);
  });

  it("gives what a public page shares to the first shared group that reaches it", () => {
    expect(plan.get("/p/spinner.tsx")).toBe("auth-common");
    expect(plan.get("/p/query.js")).toBe("common");
    expect(plan.has("/p/auth-page.tsx")).toBe(false);
  });

  it("follows named imports from lucide-react to the icons used, aliases included", () => {
    expect(plan.get(icon("bot"))).toBe("app-shell");
    expect(plan.get(icon("key"))).toBe("dashboard");
    expect(plan.has(icon("unused"))).toBe(false);
    expect(plan.has(barrel)).toBe(false);
  });
});

describe("planRouteChunks with pages", () => {
  const pageModules: Record<string, string[]> = {
    "/p/main.tsx": ["/p/react.js"],
    "/p/react.js": [],
    "/p/auth-page.tsx": ["/p/schemas.ts", "/p/button.tsx"],
    "/p/status-page.tsx": ["/p/schemas.ts"],
    "/p/layout.tsx": ["/p/react.js"],
    "/p/planes.tsx": ["/p/form.tsx", "/p/schemas.ts", "/p/planes-only.tsx", "/p/task-form.tsx"],
    "/p/keys.tsx": ["/p/form.tsx", "/p/schemas.ts", "/p/pair.tsx", "/p/task-form.tsx"],
    "/p/audit.tsx": ["/p/form.tsx", "/p/pair.tsx", "/p/task-form.tsx"],
    "/p/form.tsx": ["/p/button.tsx", "/p/input.tsx"],
    "/p/button.tsx": [],
    "/p/input.tsx": [],
    "/p/schemas.ts": ["/p/zod.js"],
    "/p/zod.js": ["/p/zod-util.js"],
    "/p/zod-util.js": [],
    "/p/task-form.tsx": ["/p/button.tsx", "/p/zod.js"],
    "/p/planes-only.tsx": [],
    "/p/pair.tsx": [],
  };
  const pagesGraph: ModuleGraph = { getModuleInfo: (id) => (pageModules[id] ? { importedIds: pageModules[id], code: id === "/p/zod.js" ? "z".repeat(50) : "" } : null) };
  const plan = planRouteChunks(pagesGraph, "/p", {
    entry: "main.tsx",
    shared: [
      { name: "auth-common", roots: ["auth-page.tsx"] },
      { name: "common", roots: ["status-page.tsx"] },
    ],
    levels: [{ name: "app-shell", roots: ["layout.tsx"] }],
    pages: { name: "app-pages", pages: ["planes.tsx", "keys.tsx", "audit.tsx", "planes.tsx"], minShare: 3, maxModuleBytes: 40 },
  });

  it("puts what at least minShare pages import in one chunk", () => {
    expect(plan.get("/p/form.tsx")).toBe("app-pages");
    expect(plan.get("/p/input.tsx")).toBe("app-pages");
  });

  it("leaves what fewer pages import, or one page alone, to Rolldown, a page listed twice counted once", () => {
    expect(plan.has("/p/pair.tsx")).toBe(false);
    expect(plan.has("/p/planes-only.tsx")).toBe(false);
    expect(plan.has("/p/planes.tsx")).toBe(false);
  });

  it("leaves a module over maxModuleBytes to Rolldown, with what it imports and what imports it", () => {
    expect(plan.has("/p/zod.js")).toBe(false);
    expect(plan.has("/p/zod-util.js")).toBe(false);
    expect(plan.has("/p/task-form.tsx")).toBe(false);
  });

  it("gives what public pages share to the first shared group that reaches it", () => {
    expect(plan.get("/p/button.tsx")).toBe("auth-common");
    expect(plan.has("/p/schemas.ts")).toBe(false);
  });
});

describe("chunkCycles", () => {
  it("finds each circle of chunk imports once, and none in a tree", () => {
    const chunk = (fileName: string, imports: string[]) => ({ fileName, imports });
    expect(chunkCycles([chunk("index.js", ["a.js", "b.js"]), chunk("a.js", ["b.js"]), chunk("b.js", [])])).toEqual([]);
    const cycles = chunkCycles([chunk("index.js", ["shell.js"]), chunk("shell.js", ["common.js"]), chunk("common.js", ["dashboard.js"]), chunk("dashboard.js", ["shell.js"])]);
    expect(cycles).toEqual(["common.js -> dashboard.js -> shell.js -> common.js"]);
  });
});
