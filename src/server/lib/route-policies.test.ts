import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissions } from "@/shared/permissions";
import { createTestApp, type TestApp } from "../testing/test-app";
import { routePolicies } from "./route-policies";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(async () => t?.close());

const handlerRoutes = () => new Set(t.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));

describe("route policies", () => {
  it("names every route the server registers, and no route it does not", () => {
    const registered = handlerRoutes();
    const missing = [...registered].filter((key) => !(key in routePolicies));
    expect(missing, "routes without a policy in lib/route-policies.ts").toEqual([]);
    // /api/dev/outbox only exists with MAIL_OUTBOX=1, as in tests.
    const stale = Object.keys(routePolicies).filter((key) => !registered.has(key));
    expect(stale, "policies for routes that no longer exist").toEqual([]);
  });

  it("is the table docs/permissions.md documents", () => {
    const doc = readFileSync(new URL("../../../docs/permissions.md", import.meta.url), "utf8");
    for (const [permission, role] of Object.entries(permissions)) {
      expect(doc, `docs/permissions.md row for ${permission}`).toMatch(new RegExp(`\\| \`${permission.replace(".", "\\.")}\` \\| ${role} \\|`));
    }
    const documented = [...doc.matchAll(/^\| `([\w.]+)` \| (member|owner) \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(permissions).sort());
  });

  it("documents which permissions need a platform operator, as the policies say", () => {
    const doc = readFileSync(new URL("../../../docs/permissions.md", import.meta.url), "utf8");
    const column = Object.fromEntries([...doc.matchAll(/^\| `([\w.]+)` \| (?:member|owner) \| ([^|]+) \|/gm)].map((m) => [m[1], m[2]!.trim()]));
    for (const permission of Object.keys(permissions)) {
      const routes = Object.values(routePolicies).filter((p) => p.access === permission);
      const operatorRoutes = routes.filter((p) => p.operator).length;
      // Platform self-healing checks the operator in the verb, by the issue a repair is for.
      const expected = permission === "health.scan" ? "platform repairs" : operatorRoutes === 0 ? "no" : operatorRoutes === routes.length ? "yes" : "partly";
      expect(column[permission], `docs/permissions.md operator column for ${permission}`).toBe(expected);
    }
  });
});
