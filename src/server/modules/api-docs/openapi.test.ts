import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePolicies } from "../../lib/route-policies";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { buildOpenApiDocument, isDocumented, openApiPath, pathParamsOf, queryObject } from "./openapi-document";
import { operations } from "./operations";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(async () => t?.close());

type Op = { operationId: string; tags: string[]; parameters?: { name: string; in: string; required?: boolean }[]; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, unknown>; security: Record<string, string[]>[] };
type Doc = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> } };

const doc = (await buildOpenApiDocument()) as unknown as Doc;
const httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

describe("the OpenAPI document", () => {
  it("has every route the server registers under /api/v1 and /functions/v1, and every policy there", () => {
    const registered = t.app.routes.filter((r) => r.method !== "ALL" && isDocumented(r.path)).map((r) => `${r.method} ${r.path}`);
    const policies = Object.keys(routePolicies).filter((key) => isDocumented(key.split(" ")[1]!));
    const missing = [...new Set([...registered, ...policies])].filter((key) => {
      const [method, path] = key.split(" ") as [string, string];
      return doc.paths[openApiPath(path)]?.[method.toLowerCase()] === undefined;
    });
    expect(missing, "routes missing from the document: describe them in modules/api-docs/operations.ts").toEqual([]);
    const stale = Object.keys(operations).filter((key) => !(key in routePolicies));
    expect(stale, "operations.ts describes routes that do not exist").toEqual([]);
  });

  it("is structurally valid OpenAPI 3.1: paths, operations, parameters, references", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["accessToken", "session"]);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith("/")).toBe(true);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item)) {
        expect(httpMethods, `${method} ${path}`).toContain(method);
        expect(ids.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
        ids.add(op.operationId);
        const inPath = (op.parameters ?? []).filter((p) => p.in === "path");
        expect(inPath.map((p) => p.name).sort(), `${method} ${path} path parameters`).toEqual([...templated].sort());
        expect(inPath.every((p) => p.required === true)).toBe(true);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const status of Object.keys(op.responses)) expect(status).toMatch(/^[1-5]\d\d$/);
        for (const requirement of op.security) for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of new Set(refs)) {
      const [, name] = /^#\/components\/schemas\/(.+)$/.exec(ref) ?? [];
      expect(name && name in doc.components.schemas, `unresolved ${ref}`).toBe(true);
    }
  });

  it("carries each route's request schema, parameters and who may call it", () => {
    for (const [key, op] of Object.entries(operations)) {
      const [method, path] = key.split(" ") as [string, string];
      const documented = doc.paths[openApiPath(path)]![method.toLowerCase()]!;
      expect(Boolean(documented.requestBody), `${key} request body`).toBe(Boolean(op.body));
      const names = (documented.parameters ?? []).map((p) => p.name);
      for (const param of pathParamsOf(path)) expect(names).toContain(param);
      if (op.query) for (const name of Object.keys(queryObject(op.query).shape)) expect(names, `${key} query ${name}`).toContain(name);
      expect(documented.security.length === 0, `${key} security`).toBe(routePolicies[key]!.access === "public");
    }
    const create = doc.paths["/api/v1/organisations/{orgId}/tasks"]!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('"title"');
    // A token cannot manage tokens: the document says so.
    expect(doc.paths["/api/v1/me/access-tokens"]!.post!.security).toEqual([{ session: [] }]);
    expect(doc.paths["/api/v1/organisations/{orgId}/planes"]!.get!.security).toEqual([{ session: [] }, { accessToken: [] }]);
  });
});

describe("serving it", () => {
  it("answers /api/docs/openapi.json to anyone, cacheable and revalidated", async () => {
    const res = await call(t.app, "GET", "/api/docs/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.body).toMatchObject({ openapi: "3.1.0" });
    const etag = res.headers.get("etag")!;
    const again = await call(t.app, "GET", "/api/docs/openapi.json", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("renders a reference page that lists every operation, with no script and the strict CSP", async () => {
    const res = await call(t.app, "GET", "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = res.body as string;
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/i);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item)) expect(html).toContain(`id="${op.operationId}"`);
      expect(html).toContain(path);
    }
  });
});
