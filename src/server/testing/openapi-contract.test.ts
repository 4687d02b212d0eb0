import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../modules/api-docs/openapi-document";
import { contractChecker, type ContractDocument } from "./openapi-contract";

// The checker itself: it must fail an answer the document does not describe, or the contract test
// (api-docs/contract.test.ts) would pass whatever the server said.

const item = { type: "object", properties: { id: { type: "string" }, tags: { type: "array", items: { type: "string" } } }, required: ["id"], additionalProperties: false };
const doc: ContractDocument = {
  paths: {
    "/things/{thingId}": {
      get: {
        responses: {
          "200": { content: { "application/json": { schema: { type: "object", properties: { thing: { $ref: "#/components/schemas/Thing" } }, required: ["thing"], additionalProperties: false } } } },
          "404": { content: { "application/json": { schema: { type: "object", properties: { error: { type: "string" } }, required: ["error"] } } } },
        },
      },
      delete: { responses: { "204": {} } },
    },
    "/things/export": { get: { responses: { "200": { content: { "text/csv": { schema: { type: "string" } } } } } } },
  },
  components: { schemas: { Thing: item } },
};
const { check, templateOf } = contractChecker(doc);
const answer = (status: number, body: unknown, contentType: string | null = "application/json; charset=utf-8", method = "GET", path = "/things/abc") => check({ method, path, status, contentType, body });

describe("the OpenAPI contract checker", () => {
  it("matches a literal segment before a parameter, and ignores the query", () => {
    expect(templateOf("/things/export?limit=5")).toBe("/things/export");
    expect(templateOf("/things/abc")).toBe("/things/{thingId}");
    expect(templateOf("/others/abc")).toBeUndefined();
  });

  it("passes an answer the document describes, following references", () => {
    expect(answer(200, { thing: { id: "a", tags: ["x"] } })).toEqual([]);
    expect(answer(404, { error: "gone away" })).toEqual([]);
    expect(answer(204, null, null, "DELETE")).toEqual([]);
    expect(answer(200, "(bytes)", "text/csv; charset=utf-8", "GET", "/things/export")).toEqual([]);
  });

  it("fails an undocumented route, status or content type", () => {
    expect(answer(200, {}, "application/json", "POST")).toEqual([expect.stringContaining("no such operation")]);
    expect(answer(409, { error: "x" })).toEqual([expect.stringContaining("status not documented (documented: 200, 404)")]);
    expect(answer(200, "(bytes)", "application/json", "GET", "/things/export")).toEqual([expect.stringContaining("content type application/json not documented")]);
    expect(answer(200, "a,b", "text/csv", "GET", "/things/abc")).toEqual([expect.stringContaining("content type text/csv not documented")]);
    expect(answer(204, { ok: true }, "application/json", "DELETE")).toEqual([expect.stringContaining("documented without a body")]);
  });

  it("fails a body the schema refuses: an extra field, a missing one, a wrong type", () => {
    expect(answer(200, { thing: { id: "a", secret: 1 } })).toEqual([expect.stringContaining("/thing must NOT have additional properties (secret)")]);
    expect(answer(200, { thing: { tags: [] } })).toEqual([expect.stringContaining("must have required property 'id'")]);
    expect(answer(200, { thing: { id: "a", tags: [1] } })).toEqual([expect.stringContaining("/thing/tags/0 must be string")]);
  });

  it("holds the real document: a task answer with a field the document forbids fails", async () => {
    const real = contractChecker((await buildOpenApiDocument()) as unknown as ContractDocument);
    const task = { id: crypto.randomUUID(), title: "T", description: null, project_id: crypto.randomUUID(), priority: "low", status: "todo", due_at: null, created_at: "x", updated_at: "x", author_id: null, assignee_id: null, label_ids: [], rank: "a", reminder_minutes: null, repeat: null };
    const path = `/api/v1/organisations/${crypto.randomUUID()}/tasks`;
    const post = (body: unknown) => real.check({ method: "POST", path, status: 201, contentType: "application/json", body });
    expect(post({ task: { ...task, projects: { name: "P", color: "#123456" } } })).toEqual([]);
    // The drift issue 28 saw: the project's id inside task.projects.
    expect(post({ task: { ...task, projects: { id: crypto.randomUUID(), name: "P", color: "#123456" } } })).toEqual([expect.stringContaining("/task/projects must NOT have additional properties (id)")]);
  });
});
