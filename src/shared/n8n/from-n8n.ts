import { WORKFLOW_MAX_NODES, WORKFLOW_MAX_TIMEOUT_S, type WorkflowConnection, type WorkflowDraft, type WorkflowNode, type WorkflowTrigger } from "../workflows";
import { isRecord, newUuid } from "./n8n-format";
import { isTriggerNode, paletteTypeOfN8n } from "./node-catalogue";
import type { ConnectionLayout } from "./to-n8n";

export type ImportReport = {
  /** Nodes of the palette's types: the parameters panel edits them. */
  editable: number;
  /** Nodes kept exactly as n8n wrote them, exported unchanged. */
  keptAsIs: { name: string; type: string }[];
  /** Anything the import changed or dropped, in words. */
  notes: string[];
};
export type ImportResult = { ok: true; draft: WorkflowDraft; report: ImportReport } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });
// Node keys our model holds itself; everything else a node carries is kept in `n8n` and written back.
const ownKeys = new Set(["id", "name", "position", "parameters"]);

/**
 * n8n's workflow JSON (a downloaded workflow, an API response's workflow, or nodes copied from
 * the editor) as our draft. Palette types become editable nodes; any other node is kept as is.
 * Connections keep their order and outputs, so exporting the result gives the same nodes and connections.
 */
export function fromN8n(input: unknown): ImportResult {
  if (!isRecord(input)) return fail("This is not an n8n workflow: expected a JSON object with nodes and connections.");
  if (!Array.isArray(input.nodes)) return fail('This is not an n8n workflow: it has no "nodes" list.');
  if (input.nodes.length > WORKFLOW_MAX_NODES) return fail(`The workflow has ${input.nodes.length} nodes; at most ${WORKFLOW_MAX_NODES} can be imported.`);
  if (input.connections !== undefined && !isRecord(input.connections)) return fail('The workflow\'s "connections" must be an object keyed by node name.');

  const notes: string[] = [];
  const keptAsIs: ImportReport["keptAsIs"] = [];
  const nodes: WorkflowNode[] = [];
  const idByName = new Map<string, string>();
  const ids = new Set<string>();
  for (const [index, raw] of input.nodes.entries()) {
    if (!isRecord(raw)) return fail(`Node ${index + 1} is not an object.`);
    const { name, type, position, parameters, id, typeVersion } = raw;
    if (typeof name !== "string" || name.trim() === "") return fail(`Node ${index + 1} has no name.`);
    if (typeof type !== "string" || type === "") return fail(`Node "${name}" has no type.`);
    if (idByName.has(name)) return fail(`Two nodes are named "${name}"; n8n needs unique names.`);
    const pos = Array.isArray(position) && position.length === 2 && position.every((v) => typeof v === "number" && Number.isFinite(v)) ? { x: position[0] as number, y: position[1] as number } : null;
    if (!pos) notes.push(`"${name}" had no position; it is placed at the origin.`);
    let nodeId = typeof id === "string" && id !== "" ? id : newUuid();
    if (ids.has(nodeId)) {
      notes.push(`"${name}" shared its id with another node; it got a new one.`);
      nodeId = newUuid();
    }
    if (typeof id !== "string" || id === "") notes.push(`"${name}" had no id; it got one.`);
    ids.add(nodeId);
    idByName.set(name, nodeId);
    const palette = typeof typeVersion === "number" ? paletteTypeOfN8n(type, typeVersion) : null;
    const extra = Object.fromEntries(Object.entries(raw).filter(([key]) => !ownKeys.has(key) && !(palette && key === "type")));
    if (!palette) keptAsIs.push({ name, type: typeof typeVersion === "number" ? `${type} v${typeVersion}` : type });
    nodes.push({ id: nodeId, type: palette ?? "opaque", name, parameters: isRecord(parameters) ? parameters : {}, position: pos ?? { x: 0, y: 0 }, n8n: extra });
  }

  const connections: WorkflowConnection[] = [];
  const layout: ConnectionLayout = {};
  for (const [source, kinds] of Object.entries(isRecord(input.connections) ? input.connections : {})) {
    const from = idByName.get(source);
    if (!from) {
      notes.push(`Connections from "${source}" were dropped: no node has that name.`);
      continue;
    }
    if (!isRecord(kinds)) continue;
    for (const [kind, outputs] of Object.entries(kinds)) {
      if (!Array.isArray(outputs)) continue;
      (layout[from] ??= {})[kind] = outputs.map((bucket) => (bucket === null || bucket === undefined ? "null" : "array"));
      for (const [output, bucket] of outputs.entries()) {
        if (!Array.isArray(bucket)) continue;
        for (const entry of bucket) {
          const to = isRecord(entry) && typeof entry.node === "string" ? idByName.get(entry.node) : undefined;
          if (!to || !isRecord(entry)) {
            notes.push(`A connection from "${source}" was dropped: its target does not exist.`);
            continue;
          }
          const input = typeof entry.index === "number" && Number.isInteger(entry.index) && entry.index >= 0 ? entry.index : 0;
          connections.push({ from, to, output, input, kind: typeof entry.type === "string" && entry.type !== "" ? entry.type : kind });
        }
      }
    }
  }

  const settings = isRecord(input.settings) ? input.settings : {};
  const { executionTimeout } = settings;
  // A time limit our form edits becomes its value; none (absent, or n8n's -1) stays none, and
  // anything else is kept exactly as n8n wrote it, so export gives n8n the same meaning back.
  const timeoutFits = typeof executionTimeout === "number" && Number.isInteger(executionTimeout) && executionTimeout >= 1 && executionTimeout <= WORKFLOW_MAX_TIMEOUT_S;
  const { executionTimeout: _edited, ...otherSettings } = settings;
  const kept = timeoutFits ? otherSettings : settings;
  if (executionTimeout !== undefined && executionTimeout !== -1 && !timeoutFits) notes.push(`n8n's timeout ${String(executionTimeout)} is outside 1 to ${WORKFLOW_MAX_TIMEOUT_S} seconds; it is kept as it is.`);
  const firstTrigger = nodes.find(isTriggerNode);
  const trigger: WorkflowTrigger = firstTrigger && firstTrigger.type !== "opaque" && ["webhook", "schedule", "manual"].includes(firstTrigger.type) ? (firstTrigger.type as WorkflowTrigger) : "manual";
  const webhook = nodes.find((node) => node.type === "webhook");
  const name = typeof input.name === "string" && input.name.trim() !== "" ? input.name.trim() : "Imported workflow";
  const n8n: Record<string, unknown> = {};
  if (Object.keys(kept).length > 0) n8n.settings = kept;
  if (Object.keys(layout).length > 0) n8n.connectionLayout = layout;
  const draft: WorkflowDraft = {
    name,
    description: "",
    trigger,
    nodes,
    connections,
    settings: { webhookPath: typeof webhook?.parameters.path === "string" ? webhook.parameters.path : "", timeout: timeoutFits ? executionTimeout : null },
    ...(Object.keys(n8n).length > 0 ? { n8n } : {}),
  };
  return { ok: true, draft, report: { editable: nodes.length - keptAsIs.length, keptAsIs, notes } };
}

/** At most this many workflows from one file (`n8n export:workflow --all` writes them all into one). */
export const MAX_WORKFLOWS_PER_IMPORT = 50;

export type Imported = { draft: WorkflowDraft; report: ImportReport };
export type ImportAllResult = { ok: true; workflows: Imported[] } | { ok: false; message: string };

/**
 * One workflow (an object) or several (the JSON array `n8n export:workflow` writes), each as a draft.
 * All or nothing: a file with one workflow that does not import says which, and imports none.
 */
export function fromN8nAll(input: unknown): ImportAllResult {
  const items = Array.isArray(input) ? input : [input];
  if (items.length === 0) return fail("The file holds no workflow.");
  if (items.length > MAX_WORKFLOWS_PER_IMPORT) return fail(`The file holds ${items.length} workflows; at most ${MAX_WORKFLOWS_PER_IMPORT} can be imported at once.`);
  const workflows: Imported[] = [];
  for (const [index, item] of items.entries()) {
    const result = fromN8n(item);
    if (!result.ok) {
      if (items.length === 1) return result;
      const name = isRecord(item) && typeof item.name === "string" && item.name.trim() ? item.name.trim() : String(index + 1);
      return fail(`Workflow "${name}" cannot be imported: ${result.message}`);
    }
    workflows.push({ draft: result.draft, report: result.report });
  }
  return { ok: true, workflows };
}

/** fromN8nAll over JSON text, as pasted or read from a file. */
export function fromN8nText(text: string): ImportAllResult {
  if (text.trim() === "") return fail("Paste the workflow JSON or choose a file first.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail("This is not valid JSON. Copy the whole workflow from n8n (Download, or select all and copy) and try again.");
  }
  return fromN8nAll(parsed);
}
