import { createNode, isTriggerNode, nodeCatalogue } from "@/shared/n8n";
import type { PaletteNodeType, WorkflowConnection, WorkflowDraft, WorkflowNode } from "@/shared/workflows";

// The canvas's edits as pure functions of the draft: each returns a new draft (or the same one
// when nothing changes), which is what undo and redo store.

export const newDraft = (): WorkflowDraft => ({
  name: "",
  description: "",
  trigger: "webhook",
  nodes: [createNode("webhook", { x: 0, y: 0 }, [])],
  connections: [],
  settings: { webhookPath: "", timeout: 30 },
});

const NODE_GAP_X = 260;

/**
 * Adds a palette node. After a selected node it goes to the right of it, connected from its
 * first output (as n8n does); otherwise at `position`.
 */
export function addNode(draft: WorkflowDraft, type: PaletteNodeType, position: { x: number; y: number }, after?: string | null): { draft: WorkflowDraft; node: WorkflowNode } {
  const previous = after ? draft.nodes.find((n) => n.id === after) : undefined;
  const canFollow = previous !== undefined && nodeCatalogue[type].hasInput;
  const at = canFollow ? { x: previous.position.x + NODE_GAP_X, y: previous.position.y + 40 * draft.connections.filter((c) => c.from === previous.id).length } : position;
  const node = createNode(type, at, draft.nodes.map((n) => n.name));
  const connections = canFollow ? [...draft.connections, { from: previous.id, to: node.id, output: 0, input: 0, kind: "main" }] : draft.connections;
  return { draft: { ...draft, nodes: [...draft.nodes, node], connections }, node };
}

/** Removes nodes with every connection touching them (spec). */
export function removeNodes(draft: WorkflowDraft, ids: ReadonlySet<string>): WorkflowDraft {
  if (!draft.nodes.some((n) => ids.has(n.id))) return draft;
  return { ...draft, nodes: draft.nodes.filter((n) => !ids.has(n.id)), connections: draft.connections.filter((c) => !ids.has(c.from) && !ids.has(c.to)) };
}

export const sameConnection = (a: WorkflowConnection, b: WorkflowConnection) => a.from === b.from && a.to === b.to && a.output === b.output && a.input === b.input && a.kind === b.kind;

export function removeConnections(draft: WorkflowDraft, gone: readonly WorkflowConnection[]): WorkflowDraft {
  if (gone.length === 0) return draft;
  return { ...draft, connections: draft.connections.filter((c) => !gone.some((g) => sameConnection(c, g))) };
}

export type ConnectRefusal = "self" | "into_trigger" | "exists" | "missing";

/** Why a connection cannot be made, or null when it can: n8n would not run a loop to itself or an input into a trigger. */
export function connectRefusal(draft: WorkflowDraft, c: WorkflowConnection): ConnectRefusal | null {
  if (c.from === c.to) return "self";
  const to = draft.nodes.find((n) => n.id === c.to);
  if (!to || !draft.nodes.some((n) => n.id === c.from)) return "missing";
  if (to.type !== "opaque" && isTriggerNode(to)) return "into_trigger";
  if (draft.connections.some((e) => sameConnection(e, c))) return "exists";
  return null;
}

export function connect(draft: WorkflowDraft, c: WorkflowConnection): WorkflowDraft {
  return connectRefusal(draft, c) ? draft : { ...draft, connections: [...draft.connections, c] };
}

export function moveNodes(draft: WorkflowDraft, moved: ReadonlyMap<string, { x: number; y: number }>): WorkflowDraft {
  let changed = false;
  const nodes = draft.nodes.map((n) => {
    const to = moved.get(n.id);
    if (!to || (to.x === n.position.x && to.y === n.position.y)) return n;
    changed = true;
    return { ...n, position: { x: Math.round(to.x), y: Math.round(to.y) } };
  });
  return changed ? { ...draft, nodes } : draft;
}

export function replaceNode(draft: WorkflowDraft, node: WorkflowNode): WorkflowDraft {
  return { ...draft, nodes: draft.nodes.map((n) => (n.id === node.id ? node : n)) };
}
