import { describe, expect, it } from "vitest";
import type { Rolldown } from "vite";
import { formatReport, measureRoutes } from "./bundle-budgets";

const chunk = (fileName: string, code: string, imports: string[] = [], extra: Partial<Rolldown.OutputChunk> = {}) =>
  ({ type: "chunk", fileName, code, imports, dynamicImports: [], isEntry: false, facadeModuleId: null, moduleIds: [], ...extra }) as unknown as Rolldown.OutputChunk;

// entry -> vendor (modulepreloaded); landing and app are lazy; app -> heavy; heavy is reached by nothing else.
const bundle = Object.fromEntries(
  [
    chunk("assets/index.js", "entry ".repeat(100), ["assets/vendor.js"], { isEntry: true, facadeModuleId: "/p/src/web/main.tsx" }),
    chunk("assets/vendor.js", "vendor ".repeat(300)),
    chunk("assets/landing.js", "landing ".repeat(50), ["assets/vendor.js"], { facadeModuleId: "/p/src/web/landing.tsx" }),
    chunk("assets/app.js", "app ".repeat(50), ["assets/heavy.js"], { facadeModuleId: "/p/src/web/app.tsx" }),
    chunk("assets/heavy.js", Array.from({ length: 2000 }, (_, i) => i.toString(36)).join("")),
    // A route's modules grouped into one chunk (route-chunks.ts): no module is its face.
    chunk("assets/shell.js", "shell ".repeat(40), ["assets/vendor.js"], { moduleIds: ["/p/src/web/layout.tsx", "/p/src/web/sidebar.tsx"] }),
  ].map((c) => [c.fileName, c]),
) as Rolldown.OutputBundle;

describe("measureRoutes", () => {
  it("counts the entry, its static imports and each named lazy chunk with its own, once each", () => {
    const [landing, app] = measureRoutes(bundle, "/p", [
      { route: "/", modules: ["src/web/landing.tsx"], maxGzipKb: 1 },
      { route: "/app", modules: ["src/web/app.tsx", "src/web/landing.tsx"], maxGzipKb: 1 },
    ]);
    expect(landing!.files.map((f) => f.name).sort()).toEqual(["assets/index.js", "assets/landing.js", "assets/vendor.js"]);
    expect(app!.files.map((f) => f.name).sort()).toEqual(["assets/app.js", "assets/heavy.js", "assets/index.js", "assets/landing.js", "assets/vendor.js"]);
    expect(landing!.raw).toBe(600 + 2100 + 400);
    expect(landing!.gzip).toBeLessThan(landing!.raw);
  });

  it("finds a named module inside a grouped chunk", () => {
    const [shell] = measureRoutes(bundle, "/p", [{ route: "/shell", modules: ["src/web/sidebar.tsx"], maxGzipKb: 1 }]);
    expect(shell!.files.map((f) => f.name).sort()).toEqual(["assets/index.js", "assets/shell.js", "assets/vendor.js"]);
  });

  it("fails loudly when a named module is in no lazy chunk", () => {
    expect(() => measureRoutes(bundle, "/p", [{ route: "/x", modules: ["src/web/gone.tsx"], maxGzipKb: 1 }])).toThrow(/gone\.tsx, which is in no lazy chunk/);
  });

  it("reports each route against its budget and goal", () => {
    const sizes = measureRoutes(bundle, "/p", [
      { route: "/", modules: ["src/web/landing.tsx"], maxGzipKb: 1, goalGzipKb: 0.1 },
      { route: "/app", modules: ["src/web/app.tsx"], maxGzipKb: 0.01 },
    ]);
    const report = formatReport(sizes);
    expect(report).toMatch(/\/ .*budget 1 kB \(goal 0\.1 kB\)\s+ok/);
    expect(report).toMatch(/\/app .*OVER BUDGET by/);
  });

  it("holds a route to a number of files as well", () => {
    const [app] = measureRoutes(bundle, "/p", [{ route: "/app", modules: ["src/web/app.tsx"], maxGzipKb: 100, maxFiles: 3 }]);
    expect(formatReport([app!])).toMatch(/\/app .* 4 files .*budget 100 kB, 3 files\s+OVER BUDGET by 1 files/);
  });
});
