import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { safeParseWorkflowStructure } from "n8n-workflow-structure/dist/esm/workflow-structure-validation.js";
import { send } from "./provider-stand-ins";

/**
 * A local n8n that speaks its public REST API (/api/v1/workflows, key in X-N8N-API-KEY), for
 * deploys. Like n8n it refuses a missing or wrong key (401), a body with fields its OpenAPI schema
 * does not allow (400, its wording), and a workflow its own structure validator rejects; it keeps
 * workflows in memory under n8n-style ids and records every call. `failWith` answers calls a
 * test's way ("hang" never answers, so the caller's time cap fires); `holdUntil` keeps matching
 * calls waiting until that many have arrived, so a race runs the same way every time; `close`
 * stops it for good. Like n8n, it lets one active workflow hold a webhook path: activating a
 * second one with the same path is refused, and `webhookOwner` says which one answers a path.
 */
export type N8nApiCall = { method: string; path: string; apiKey: string | undefined; body: unknown };
export type StoredWorkflow = Record<string, unknown> & { id: string; name: string; active: boolean; nodes: Record<string, unknown>[]; connections: Record<string, unknown> };
type WorkflowBody = { name: string; nodes: Record<string, unknown>[]; connections: Record<string, unknown>; settings: Record<string, unknown>; staticData?: unknown };
export type N8nApiFailure = { status: number; json?: unknown } | "hang";

export type N8nApiStandIn = {
  url: string;
  apiKey: string;
  calls: N8nApiCall[];
  workflows: Map<string, StoredWorkflow>;
  failWith(handler: ((call: N8nApiCall) => N8nApiFailure | undefined) | null): void;
  holdUntil(count: number, matches: (call: N8nApiCall) => boolean): void;
  /** The id of the active workflow whose Webhook node listens on `path`, if any: the one n8n would run. */
  webhookOwner(path: string): string | undefined;
  close(): Promise<void>;
};

const webhookPathsOf = (workflow: StoredWorkflow): string[] =>
  workflow.nodes.filter((n) => n.type === "n8n-nodes-base.webhook").map((n) => String((n.parameters as { path?: unknown } | undefined)?.path ?? "").replace(/^\/+/, ""));

// n8n's public API schemas (workflow.yml, node.yml, workflowSettings.yml): additionalProperties false.
const WORKFLOW_KEYS = ["name", "nodes", "connections", "settings", "staticData"];
const REQUIRED_KEYS = ["name", "nodes", "connections", "settings"];
const NODE_KEYS = ["id", "name", "webhookId", "disabled", "notesInFlow", "notes", "type", "typeVersion", "executeOnce", "alwaysOutputData", "retryOnFail", "maxTries", "waitBetweenTries", "continueOnFail", "onError", "position", "parameters", "credentials"];
const SETTING_KEYS = ["saveExecutionProgress", "saveManualExecutions", "saveDataErrorExecution", "saveDataSuccessExecution", "executionTimeout", "errorWorkflow", "timezone", "executionOrder", "callerPolicy", "callerIds", "timeSavedPerExecution", "availableInMCP"];
const NO_TRIGGER = "Workflow has no node to start the workflow - at least one trigger, poller or webhook node is required";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const extraKey = (record: Record<string, unknown>, allowed: string[]) => Object.keys(record).find((key) => !allowed.includes(key));
// n8n's ids: 16 letters and digits.
const n8nId = () => randomBytes(12).toString("base64").replace(/[^A-Za-z0-9]/g, "x").slice(0, 16);

/** What n8n's request validator and structure check say about a create or update body, or null. */
function refusalOf(body: unknown): string | null {
  if (!isRecord(body)) return "request/body must be object";
  if (extraKey(body, WORKFLOW_KEYS)) return "request/body must NOT have additional properties";
  const missing = REQUIRED_KEYS.find((key) => !(key in body));
  if (missing) return `request/body must have required property '${missing}'`;
  if (typeof body.name !== "string") return "request/body/name must be string";
  if (!isRecord(body.settings)) return "request/body/settings must be object";
  if (extraKey(body.settings, SETTING_KEYS)) return "request/body/settings must NOT have additional properties";
  if (!Array.isArray(body.nodes)) return "request/body/nodes must be array";
  const badNode = body.nodes.findIndex((node) => !isRecord(node) || extraKey(node, NODE_KEYS));
  if (badNode >= 0) return `request/body/nodes/${badNode} must NOT have additional properties`;
  const structure = safeParseWorkflowStructure({ nodes: body.nodes, connections: body.connections });
  if (!structure.success) return `Invalid workflow structure: ${structure.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`;
  return null;
}

// n8n activates on a trigger, poller or webhook; the Manual Trigger only runs from the editor.
const isTrigger = (node: Record<string, unknown>) => typeof node.type === "string" && /trigger$|\.webhook$/i.test(node.type) && node.type !== "n8n-nodes-base.manualTrigger";

export async function startN8nApiStandIn(options: { apiKey?: string } = {}): Promise<N8nApiStandIn> {
  const apiKey = options.apiKey ?? `sk-n8n-api-${randomUUID().slice(0, 8)}`;
  const calls: N8nApiCall[] = [];
  const workflows = new Map<string, StoredWorkflow>();
  const hanging = new Set<ServerResponse>();
  let failure: ((call: N8nApiCall) => N8nApiFailure | undefined) | null = null;
  let hold: { count: number; matches: (call: N8nApiCall) => boolean; waiting: (() => void)[] } | null = null;

  // Answered once `count` matching calls are in; the hold then lifts for good.
  function afterHold(call: N8nApiCall, answer: () => void) {
    if (!hold?.matches(call)) return answer();
    hold.waiting.push(answer);
    if (hold.waiting.length < hold.count) return;
    const waiting = hold.waiting;
    hold = null;
    for (const release of waiting) release();
  }

  function handle(call: N8nApiCall, res: ServerResponse) {
    const [, id, action] = /^\/api\/v1\/workflows(?:\/([^/]+))?(?:\/(activate|deactivate))?$/.exec(call.path) ?? [];
    if (call.method === "GET" && call.path === "/healthz") return send(res, 200, { status: "ok" });
    if (!call.path.startsWith("/api/v1/")) return send(res, 404, { message: "not found" });
    if (call.apiKey !== apiKey) return send(res, 401, { message: "unauthorized" });
    const custom = failure?.(call);
    if (custom === "hang") return void hanging.add(res);
    if (custom) return send(res, custom.status, custom.json ?? null);
    if (!/^\/api\/v1\/workflows/.test(call.path) || (id === undefined && action !== undefined)) return send(res, 404, { message: "not found" });
    const stored = id === undefined ? undefined : workflows.get(decodeURIComponent(id));

    if (id === undefined && call.method === "GET") return send(res, 200, { data: [...workflows.values()], nextCursor: null });
    if (id === undefined && call.method === "POST") {
      const refused = refusalOf(call.body);
      if (refused) return send(res, 400, { message: refused });
      const now = new Date().toISOString();
      // refusalOf checked the shape.
      const created: StoredWorkflow = { ...(call.body as WorkflowBody), id: n8nId(), active: false, createdAt: now, updatedAt: now, versionId: randomUUID(), tags: [], isArchived: false };
      workflows.set(created.id, created);
      return send(res, 200, created);
    }
    if (!stored) return send(res, 404, { message: "Not Found" });
    if (call.method === "GET" && !action) return send(res, 200, stored);
    if (call.method === "PUT" && !action) {
      const refused = refusalOf(call.body);
      if (refused) return send(res, 400, { message: refused });
      Object.assign(stored, call.body, { updatedAt: new Date().toISOString(), versionId: randomUUID() });
      return send(res, 200, stored);
    }
    if (call.method === "DELETE" && !action) {
      workflows.delete(stored.id);
      return send(res, 200, stored);
    }
    if (call.method === "POST" && action === "activate") {
      if (!stored.nodes.some(isTrigger)) return send(res, 400, { message: NO_TRIGGER });
      const paths = webhookPathsOf(stored);
      const taken = [...workflows.values()].some((w) => w.id !== stored.id && w.active && webhookPathsOf(w).some((p) => paths.includes(p)));
      if (taken) return send(res, 400, { message: "There is a conflict with one of the webhooks." });
      stored.active = true;
      return send(res, 200, stored);
    }
    if (call.method === "POST" && action === "deactivate") {
      stored.active = false;
      return send(res, 200, stored);
    }
    send(res, 405, { message: "method not allowed" });
  }

  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const header = req.headers["x-n8n-api-key"];
      const call: N8nApiCall = { method: req.method ?? "GET", path: (req.url ?? "/").split("?")[0]!, apiKey: Array.isArray(header) ? header[0] : header, body: parseJson(raw) };
      if (call.path !== "/healthz") calls.push(call);
      afterHold(call, () => handle(call, res));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    workflows,
    failWith: (handler) => {
      failure = handler;
    },
    holdUntil: (count, matches) => {
      hold = { count, matches, waiting: [] };
    },
    webhookOwner: (path) => [...workflows.values()].find((w) => w.active && webhookPathsOf(w).includes(path.replace(/^\/+/, "")))?.id,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      })),
  };
}

function parseJson(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return raw;
  }
}
