import { describe, expect, it } from "vitest";
import type { Rolldown } from "vite";
import { formatReport, measureRoutes } from "./bundle-budgets";

const chunk = (fileName: string, code: string, imports: string[] = [], extra: Partial<Rolldown.OutputChunk> = {}) =>
  ({ type: "chunk", fileName, code, imports, dynamicImports: [], isEntry: false, facadeModuleId: null, ...extra }) as unknown as Rolldown.OutputChunk;

// entry -> vendor (modulepreloaded); landing and app are lazy; app -> heavy; heavy is reached by nothing else.
const bundle = Object.fromEntries(
  [
    chunk("assets/index.js", "entry ".repeat(100), ["assets/vendor.js"], { isEntry: true, facadeModuleId: "/p/src/web/main.tsx" }),
    chunk("assets/vendor.js", "vendor ".repeat(300)),
    chunk("assets/landing.js", "landing ".repeat(50), ["assets/vendor.js"], { facadeModuleId: "/p/src/web/landing.tsx" }),
    chunk("assets/app.js", "app ".repeat(50), ["assets/heavy.js"], { facadeModuleId: "/p/src/web/app.tsx" }),
    chunk("assets/heavy.js", Array.from({ length: 2000 }, (_, i) => i.toString(36)).join("")),
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

  it("fails loudly when a named module is no chunk of its own", () => {
    expect(() => measureRoutes(bundle, "/p", [{ route: "/x", modules: ["src/web/gone.tsx"], maxGzipKb: 1 }])).toThrow(/gone\.tsx, which is no chunk/);
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
});
