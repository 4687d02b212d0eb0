import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { staticRoutes } from "./static";

const webDir = mkdtempSync(join(tmpdir(), "whq-static-"));
writeFileSync(join(webDir, "index.html"), "<title>%APP_NAME%</title>");
const app = staticRoutes(webDir, "Acme <HQ>");

describe("the SPA page", () => {
  it.each(["/", "/app/dashboard", "/index.html"])("%s carries the product name, escaped", async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<title>Acme &#60;HQ&#62;</title>");
  });
});
