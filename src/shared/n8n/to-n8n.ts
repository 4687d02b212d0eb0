import { n8nWebhookOf, type WorkflowDraft, type WorkflowNode } from "../workflows";
import { isRecord, type N8nConnectionEntry, type N8nConnectionMap, type N8nExport, type N8nWorkflowNode } from "./n8n-format";
import { n8nTypeOf, nodeCatalogue } from "./node-catalogue";

/** How an import's outputs were laid out ("null" or an array per output), so export writes them back alike. */
export type ConnectionLayout = Record<string, Record<string, ("null" | "array")[]>>;

export function connectionLayoutOf(draft: Pick<WorkflowDraft, "n8n">): ConnectionLayout {
  const layout = draft.n8n?.connectionLayout;
  return isRecord(layout) ? (layout as ConnectionLayout) : {};
}

function webhookPathFallback(draft: WorkflowDraft): string {
  return draft.settings.webhookPath.trim() || n8nWebhookOf(draft.name) || "webhook";
}

function toN8nNode(node: WorkflowNode, draft: WorkflowDraft): N8nWorkflowNode {
  const { type: _ownType, typeVersion, ...kept } = node.n8n ?? {};
  let parameters = node.parameters;
  // n8n listens on the node's path; an empty one would collide with every other empty one.
  if (node.type === "webhook" && (typeof parameters.path !== "string" || parameters.path.trim() === "")) parameters = { ...parameters, path: webhookPathFallback(draft) };
  const out: N8nWorkflowNode = { ...kept, id: node.id, name: node.name, type: n8nTypeOf(node), position: [node.position.x, node.position.y], parameters };
  if (typeof typeVersion === "number") out.typeVersion = typeVersion;
  else if (node.type !== "opaque") out.typeVersion = nodeCatalogue[node.type].typeVersion;
  return out;
}

function toN8nConnections(draft: WorkflowDraft): N8nConnectionMap {
  const nameOf = new Map(draft.nodes.map((node) => [node.id, node.name]));
  const buckets = new Map<string, Map<string, N8nConnectionEntry[][]>>();
  for (const c of draft.connections) {
    const from = nameOf.get(c.from);
    const to = nameOf.get(c.to);
    if (from === undefined || to === undefined) continue;
    const byKind = buckets.get(c.from) ?? new Map<string, N8nConnectionEntry[][]>();
    buckets.set(c.from, byKind);
    const outputs = byKind.get(c.kind) ?? [];
    byKind.set(c.kind, outputs);
    while (outputs.length <= c.output) outputs.push([]);
    outputs[c.output]!.push({ node: to, type: c.kind, index: c.input });
  }
  const layout = connectionLayoutOf(draft);
  const result: N8nConnectionMap = {};
  // Sources in node order, and outputs an import wrote empty or null come back as they were.
  for (const node of draft.nodes) {
    const kinds = new Set([...Object.keys(layout[node.id] ?? {}), ...(buckets.get(node.id)?.keys() ?? [])]);
    if (kinds.size === 0) continue;
    const entry: Record<string, (N8nConnectionEntry[] | null)[]> = {};
    for (const kind of kinds) {
      const used = buckets.get(node.id)?.get(kind) ?? [];
      const shape = layout[node.id]?.[kind] ?? [];
      const length = Math.max(used.length, shape.length);
      entry[kind] = Array.from({ length }, (_, i) => (used[i]?.length ? used[i]! : shape[i] === "null" ? null : []));
    }
    result[node.name] = entry;
  }
  return result;
}

/**
 * The draft as n8n's workflow JSON: what Export downloads and Deploy sends. Only name, nodes,
 * connections and settings: n8n's public API refuses read-only keys (id, active, tags, …).
 */
export function toN8n(draft: WorkflowDraft): N8nExport {
  const imported = isRecord(draft.n8n?.settings) ? draft.n8n.settings : {};
  const { executionTimeout: importedTimeout, ...rest } = imported;
  // No limit in the form gives back what the import had (n8n's -1, or nothing at all): never a default.
  const executionTimeout = draft.settings.timeout ?? importedTimeout;
  return {
    name: draft.name,
    nodes: draft.nodes.map((node) => toN8nNode(node, draft)),
    connections: toN8nConnections(draft),
    settings: { ...rest, executionOrder: rest.executionOrder ?? "v1", ...(executionTimeout !== undefined ? { executionTimeout } : {}) },
  };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

// cyrb53: a fast 53-bit string hash; this is change detection, not security.
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

/**
 * A fingerprint of what a workflow does: its nodes (name, type, version, position, parameters,
 * credentials) and connections, read the same way from our export and from n8n's stored copy,
 * so fields n8n adds on save (ids, timestamps, pinData) do not count as a difference.
 */
export function exportHash(workflow: { nodes: readonly unknown[]; connections: unknown; settings?: unknown }): string {
  const nodes = workflow.nodes
    .filter(isRecord)
    .map((n) => ({ name: n.name, type: n.type, typeVersion: n.typeVersion, position: n.position, parameters: n.parameters ?? {}, credentials: n.credentials, disabled: n.disabled }))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const connections = isRecord(workflow.connections) ? workflow.connections : {};
  // Empty and null buckets mean the same to n8n.
  const denseConnections: Record<string, Record<string, unknown[][]>> = {};
  for (const [source, kinds] of Object.entries(connections)) {
    if (!isRecord(kinds)) continue;
    for (const [kind, outs] of Object.entries(kinds)) {
      const buckets = Array.isArray(outs) ? outs.map((o) => (Array.isArray(o) ? (o as unknown[]) : [])) : [];
      while (buckets.length > 0 && buckets[buckets.length - 1]!.length === 0) buckets.pop();
      if (buckets.length > 0) (denseConnections[source] ??= {})[kind] = buckets;
    }
  }
  const timeout = isRecord(workflow.settings) ? workflow.settings.executionTimeout : undefined;
  return hash53(canonical({ nodes, connections: denseConnections, timeout }));
}
