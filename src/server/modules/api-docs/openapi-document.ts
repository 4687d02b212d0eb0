import { createHash } from "node:crypto";
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { ACCESS_TOKEN_PREFIX } from "@/shared/access-tokens";
import { apiErrorBodySchema, functionErrorBodySchema } from "@/shared/api-error-schema";
import { isSessionOnly } from "../../auth/access-token-auth";
import { SESSION_COOKIE_NAME } from "../../auth/session-cookies";
import { routePolicies, type RoutePolicy } from "../../lib/route-policies";
import { operations, type Operation } from "./operations";

/** The parts of the API the document describes: the versioned API and the functions. */
export const documentedPrefixes = ["/api/v1/", "/functions/v1/"] as const;
export const isDocumented = (path: string) => documentedPrefixes.some((p) => path.startsWith(p));

/** `/organisations/:orgId` as OpenAPI writes it: `/organisations/{orgId}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
export const pathParamsOf = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/** Path parameters are ids: uuids, except a user's id (better-auth's own) and a smoke check's name. */
const paramSchema = (name: string) => (name === "userId" || name === "check" ? z.string().min(1) : z.uuid());

/** Routes a personal access token cannot call: the token routes, the account's deletion, and the functions (cookie only). */
const sessionOnly = (key: string) => {
  const [method, path] = key.split(" ") as [string, string];
  return isSessionOnly(method, path) || path.startsWith("/functions/");
};

function securityOf(key: string, policy: RoutePolicy): Record<string, string[]>[] {
  if (policy.access === "public") return [];
  return sessionOnly(key) ? [{ session: [] }] : [{ session: [] }, { accessToken: [] }];
}

/**
 * Query parameters are listed one by one, so the generator needs an object: an intersection of
 * objects (a filter set and a page cursor) is listed as their fields together, each field's schema
 * the route's own.
 */
export function queryObject(query: NonNullable<Operation["query"]>): z.ZodObject {
  if (query instanceof z.ZodObject) return query;
  if (query instanceof z.ZodIntersection) {
    const parts = [query.def.left, query.def.right].map((part) => queryObject(part as NonNullable<Operation["query"]>));
    return z.object(Object.assign({}, ...parts.map((part) => part.shape)));
  }
  throw new Error("A query schema must be an object or an intersection of objects");
}

const json = (schema: z.ZodType) => ({ "application/json": { schema } });
/** The API's errors share ApiError; the functions keep the spec's flat { ok: false, error, code }. */
const errorResponse = (path: string, description: string) => ({ description, content: json(path.startsWith("/functions/") ? functionErrorBodySchema : apiErrorBodySchema) });

/** What a non-JSON answer is: a CSV or ZIP download, an event stream, an HTML page. */
const contentOf = (op: Operation) => {
  if (!op.contentType || op.contentType === "application/json") return json(op.response ?? z.looseObject({}));
  return { [op.contentType]: { schema: op.contentType === "application/zip" ? { type: "string", contentMediaType: "application/zip" } : { type: "string" } } };
};

/** The error answers every route of its kind can give; an operation adds its own (`errors`). */
function errorsOf(method: string, path: string, policy: RoutePolicy, op: Operation): Record<string, NonNullable<Operation["errors"]>[401]> {
  const params = pathParamsOf(path);
  return {
    ...(op.body || op.query || params.length > 0 ? { "400": "The input is not valid; `fields` says which" } : {}),
    ...(policy.access === "public" ? {} : { "401": "Not signed in, or the access token is unknown, expired or revoked" }),
    ...(policy.access === "public" ? {} : { "403": "Not allowed: the role lacks the permission (`forbidden`), or a read-only token tried a write (`token_scope`)" }),
    ...(params.length > 0 ? { "404": path.includes(":orgId") ? "No such organisation for the caller, or no such record" : "No such record for the caller" } : {}),
    // Every write's body is counted as it arrives (lib/body-limits.ts).
    ...(method !== "GET" && method !== "HEAD" ? { "413": "The request body is larger than this endpoint accepts" } : {}),
    "429": "Too many requests; Retry-After says when to come back",
    ...op.errors,
  };
}

function operationOf(key: string, path: string, policy: RoutePolicy, op: Operation): ZodOpenApiOperationObject {
  const [method] = key.split(" ") as [string];
  const params = pathParamsOf(path);
  const status = op.status ?? 200;
  const success = status === 204 ? { description: "Done, no content" } : status === 302 ? { description: "Found: the browser is sent on (Location)" } : { description: "Success", content: contentOf(op) };
  const who = policy.access === "public" ? "Public." : policy.access === "user" ? "Any signed-in user." : `Needs the \`${policy.access}\` permission in the organisation (docs/permissions.md).`;
  const access = policy.operator ? `${who} Only for the platform's operators (docs/permissions.md).` : who;
  const errors = Object.entries(errorsOf(method, path, policy, op)).sort(([a], [b]) => Number(a) - Number(b));
  return {
    operationId: key.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, ""),
    tags: [op.tag],
    summary: op.summary,
    description: access,
    security: securityOf(key, policy),
    "x-permission": policy.access,
    ...(policy.operator ? { "x-operator": true } : {}),
    requestParams: {
      ...(params.length > 0 ? { path: z.object(Object.fromEntries(params.map((p) => [p, paramSchema(p)]))) } : {}),
      ...(op.query ? { query: queryObject(op.query) } : {}),
    },
    ...(op.body ? { requestBody: { required: true, content: json(op.body) } } : {}),
    responses: {
      [String(status)]: success,
      ...(op.accepted ? { "202": { description: "Accepted: the work runs in the background", content: json(op.accepted) } } : {}),
      ...Object.fromEntries(errors.map(([code, error]) => [code, typeof error === "string" ? errorResponse(path, error) : { description: error!.description, content: json(error!.schema) }])),
    },
  };
}

/** The documented routes, as [key, method, path]: every route policy under the documented prefixes. */
export function documentedRoutes(): [key: string, method: string, path: string][] {
  return Object.keys(routePolicies)
    .map((key) => {
      const [method, path] = key.split(" ") as [string, string];
      return [key, method, path] as [string, string, string];
    })
    .filter(([, , path]) => isDocumented(path));
}

/** zod-openapi is loaded by the first request for the document: 4 MB of heap no other request needs. */
export async function buildOpenApiDocument(appName = "We Love HQ") {
  const { createDocument } = await import("zod-openapi");
  const paths: ZodOpenApiPathsObject = {};
  for (const [key, method, path] of documentedRoutes()) {
    const op = operations[key];
    // Undocumented: left out, and openapi.test.ts fails until operations.ts names it.
    if (!op) continue;
    const item = (paths[openApiPath(path)] ??= {});
    (item as Record<string, ZodOpenApiOperationObject>)[method.toLowerCase()] = operationOf(key, path, routePolicies[key]!, op);
  }
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: `${appName} API`,
        version: "1",
        description:
          "The versioned API (/api/v1) and the functions (/functions/v1). Sign in for a session cookie, or send a personal access token " +
          `(Settings → Security → Developer) as \`Authorization: Bearer ${ACCESS_TOKEN_PREFIX}…\` on /api/v1. A token acts as its user, ` +
          "with the same organisation and role checks; a read token may only GET. Errors share one shape (ApiError; FunctionError on /functions/v1).",
      },
      servers: [{ url: "/" }],
      paths,
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE_NAME, description: "The session cookie set by signing in (/api/auth). Writes must come from the app's own origin." },
          accessToken: { type: "http", scheme: "bearer", bearerFormat: `${ACCESS_TOKEN_PREFIX}…`, description: "A personal access token, on /api/v1 only." },
        },
        schemas: { ApiError: apiErrorBodySchema, FunctionError: functionErrorBodySchema },
      },
    },
    { allowEmptySchema: { custom: true } },
  );
}

type BuiltDocument = { appName: string; document: Awaited<ReturnType<typeof buildOpenApiDocument>>; body: string; etag: string };
let cached: Promise<BuiltDocument> | undefined;
let cachedFor: string | undefined;

/** Built once per process (two first requests share one build): the routes and schemas do not change while it runs. */
export function openApiDocument(appName: string): Promise<BuiltDocument> {
  if (!cached || cachedFor !== appName) {
    cachedFor = appName;
    cached = buildOpenApiDocument(appName).then((document) => {
      const body = JSON.stringify(document);
      return { appName, document, body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    });
    // A failed build (the module unreadable for a moment) is tried again by the next request.
    cached.catch(() => (cached = undefined));
  }
  return cached;
}
