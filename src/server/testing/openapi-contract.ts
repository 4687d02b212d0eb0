import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";

// Holds a real answer of the server against the OpenAPI document (modules/api-docs): the operation
// its method and path name, a status the operation documents, the content type documented for that
// status, and a body the documented schema accepts. The contract test (api-docs/contract.test.ts)
// runs every answer it gets through here, so the document and the server cannot drift apart.

type Media = { schema?: unknown };
type Response = { content?: Record<string, Media> };
type Operation = { responses: Record<string, Response> };
export type ContractDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

export type Answer = { method: string; path: string; status: number; contentType: string | null; body: unknown };

/** A template's segments; `{x}` matches any one segment. */
type Template = { template: string; pattern: RegExp; literals: number };

export type ContractChecker = {
  /** The documented template a concrete path matches (literal segments win over parameters), if any. */
  templateOf: (path: string) => string | undefined;
  /** What is wrong with the answer, one line each; empty when the document describes it. */
  check: (answer: Answer) => string[];
};

const mediaType = (contentType: string | null) => (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/** Component references point at $defs, so each response schema compiles on its own. */
const withDefs = (schema: unknown, defs: Record<string, unknown>) =>
  JSON.parse(JSON.stringify({ ...(schema as object), $defs: defs }).replace(/"#\/components\/schemas\//g, '"#/$defs/')) as object;

export function contractChecker(doc: ContractDocument): ContractChecker {
  // Formats are not checked (the documented patterns say what an id looks like); unknown keywords
  // such as the document's own x- fields are allowed.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const defs = doc.components?.schemas ?? {};
  const templates: Template[] = Object.keys(doc.paths).map((template) => {
    const segments = template.split("/");
    const source = segments.map((s) => (/^\{[^}]+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))).join("/");
    return { template, pattern: new RegExp(`^${source}$`), literals: segments.filter((s) => !s.startsWith("{")).length };
  });
  const compiled = new Map<string, ValidateFunction>();

  const templateOf = (path: string) =>
    templates
      .filter((t) => t.pattern.test(path.split("?")[0]!))
      .sort((a, b) => b.literals - a.literals)
      .map((t) => t.template)[0];

  function check({ method, path, status, contentType, body }: Answer): string[] {
    const label = `${method} ${path.split("?")[0]} → ${status}`;
    const template = templateOf(path);
    const operation = template ? doc.paths[template]![method.toLowerCase()] : undefined;
    if (!template || !operation) return [`${label}: no such operation in the document`];
    const response = operation.responses[String(status)];
    if (!response) return [`${label}: status not documented (documented: ${Object.keys(operation.responses).join(", ")})`];
    const media = mediaType(contentType);
    const documented = Object.keys(response.content ?? {});
    if (documented.length === 0) {
      const empty = body === null || body === undefined || body === "";
      return empty ? [] : [`${label}: documented without a body, answered ${media || "a body"}`];
    }
    if (!documented.includes(media)) return [`${label}: content type ${media || "(none)"} not documented (documented: ${documented.join(", ")})`];
    const schema = response.content![media]!.schema;
    // Only JSON bodies are held against a schema; a CSV, ZIP or stream is held to its type.
    if (media !== "application/json" || schema === undefined) return [];
    const key = `${method} ${template} ${status}`;
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(withDefs(schema, defs))));
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${label}: body${e.instancePath || ""} ${e.message ?? "is not valid"}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`);
  }

  return { templateOf, check };
}
