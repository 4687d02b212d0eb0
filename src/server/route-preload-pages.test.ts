import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { routePattern, routePreloadPages, withModulepreloads } from "./route-preload-pages";

const template = "<html><head><title>x</title></head><body></body></html>";
const dirs: string[] = [];
function webDirWith(preloads: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "whq-preloads-"));
  dirs.push(dir);
  writeFileSync(join(dir, "route-preloads.json"), JSON.stringify(preloads));
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("route preload pages", () => {
  it("match a route's paths, parameters and a trailing slash included, and nothing longer", () => {
    expect(routePattern("/app/planes/:id").test("/app/planes/0b2c")).toBe(true);
    expect(routePattern("/app/planes/:id").test("/app/planes/0b2c/")).toBe(true);
    expect(routePattern("/app/planes/:id").test("/app/planes/0b2c/more")).toBe(false);
    expect(routePattern("/app/tasks").test("/app/tasks/0b2c")).toBe(false);
    expect(routePattern("/app").test("/app/")).toBe(true);
  });

  it("name the route's chunks as modulepreloads in its page, and leave other paths to the plain page", () => {
    const pages = routePreloadPages(webDirWith({ "/app/planes": ["/assets/app-shell-a1.js", "/assets/planes-page-b2.js"], "/app/tasks/:taskId": ["/assets/task-view-c3.js"] }), template, (t) => t);
    expect(pages.find("/app/planes")).toBe(
      '<html><head><title>x</title><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/app-shell-a1.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/planes-page-b2.js"></head><body></body></html>',
    );
    expect(pages.find("/app/tasks/5d7e")).toContain("/assets/task-view-c3.js");
    expect(pages.find("/app/unknown")).toBeUndefined();
    expect(pages.find("/pricing")).toBeUndefined();
  });

  it("trust nothing in the file but asset names: anything else and no page names a preload", () => {
    const pages = routePreloadPages(webDirWith({ "/app/planes": ['/assets/x.js"><script>alert(1)</script>'] }), template, (t) => t);
    expect(pages.find("/app/planes")).toBeUndefined();
    const noFile = mkdtempSync(join(tmpdir(), "whq-preloads-"));
    dirs.push(noFile);
    expect(routePreloadPages(noFile, template, (t) => t).find("/app/planes")).toBeUndefined();
    expect(withModulepreloads(template, [])).toBe(template);
  });
});
