import type { Edge, Node } from "@xyflow/react";
import { isTriggerNode, n8nTypeOf, nodeCatalogue } from "@/shared/n8n";
import type { WorkflowConnection, WorkflowDraft, WorkflowNode } from "@/shared/workflows";

// Our draft as React Flow's nodes and edges. A handle's id is "<kind>:<index>", so a condition's
// outputs are "main:0" (true) and "main:1" (false) and an imported AI node's "ai_languageModel:0".

export type PortSpec = { id: string; kind: string; index: number };
export type CanvasNodeData = {
  node: WorkflowNode;
  inputs: PortSpec[];
  outputs: PortSpec[];
  hasProblem: boolean;
  trigger: boolean;
  /** For an opaque node: the n8n type it keeps. */
  n8nType: string;
};
export type CanvasNode = Node<CanvasNodeData, "workflow">;

export const handleId = (kind: string, index: number) => `${kind}:${index}`;
export function parseHandle(id: string | null | undefined): { kind: string; index: number } {
  const at = id?.lastIndexOf(":") ?? -1;
  if (!id || at < 0) return { kind: "main", index: 0 };
  const index = Number(id.slice(at + 1));
  return { kind: id.slice(0, at) || "main", index: Number.isInteger(index) && index >= 0 ? index : 0 };
}

const port = (kind: string, index: number): PortSpec => ({ id: handleId(kind, index), kind, index });
const byKey = (a: PortSpec, b: PortSpec) => (a.kind === b.kind ? a.index - b.index : a.kind === "main" ? -1 : b.kind === "main" ? 1 : a.kind.localeCompare(b.kind));

/** The ports each node shows: its type's, plus any an imported connection uses. */
export function portsOf(draft: Pick<WorkflowDraft, "nodes" | "connections">): Map<string, { inputs: PortSpec[]; outputs: PortSpec[] }> {
  const result = new Map<string, { inputs: Map<string, PortSpec>; outputs: Map<string, PortSpec> }>();
  for (const node of draft.nodes) {
    const inputs = new Map<string, PortSpec>();
    const outputs = new Map<string, PortSpec>();
    const entry = node.type === "opaque" ? null : nodeCatalogue[node.type];
    if (entry ? entry.hasInput : !isTriggerNode(node)) inputs.set(handleId("main", 0), port("main", 0));
    for (let i = 0; i < (entry?.outputs ?? 1); i++) outputs.set(handleId("main", i), port("main", i));
    result.set(node.id, { inputs, outputs });
  }
  for (const c of draft.connections) {
    result.get(c.from)?.outputs.set(handleId(c.kind, c.output), port(c.kind, c.output));
    result.get(c.to)?.inputs.set(handleId(c.kind, c.input), port(c.kind, c.input));
  }
  return new Map([...result].map(([id, p]) => [id, { inputs: [...p.inputs.values()].sort(byKey), outputs: [...p.outputs.values()].sort(byKey) }]));
}

const samePorts = (a: PortSpec[], b: PortSpec[]) => a.length === b.length && a.every((p, i) => p.id === b[i]!.id);

/**
 * React Flow nodes for the draft, reusing the previous object of every node whose content did not
 * change: with hundreds of nodes, only the changed ones render again.
 */
export function toCanvasNodes(draft: Pick<WorkflowDraft, "nodes" | "connections">, problemNodes: ReadonlySet<string>, previous: ReadonlyMap<string, CanvasNode>): CanvasNode[] {
  const ports = portsOf(draft);
  return draft.nodes.map((node) => {
    const p = ports.get(node.id)!;
    const hasProblem = problemNodes.has(node.id);
    const old = previous.get(node.id);
    if (old && old.data.node === node && old.data.hasProblem === hasProblem && samePorts(old.data.inputs, p.inputs) && samePorts(old.data.outputs, p.outputs)) return old;
    return {
      id: node.id,
      type: "workflow",
      position: node.position,
      selected: old?.selected ?? false,
      // Keep the size React Flow measured: a node without one is hidden until measured again.
      ...(old?.measured ? { measured: old.measured } : {}),
      data: { node, inputs: p.inputs, outputs: p.outputs, hasProblem, trigger: isTriggerNode(node), n8nType: n8nTypeOf(node) },
      ariaLabel: node.name,
    };
  });
}

export const edgeIdOf = (c: WorkflowConnection) => `${c.from}|${handleId(c.kind, c.output)}>${c.to}|${handleId(c.kind, c.input)}`;

export type CanvasEdge = Edge<{ connection: WorkflowConnection }>;

export function toCanvasEdges(connections: readonly WorkflowConnection[], labels: { true: string; false: string } | null, conditionIds: ReadonlySet<string>, selected: ReadonlySet<string>): CanvasEdge[] {
  const seen = new Set<string>();
  const edges: CanvasEdge[] = [];
  for (const c of connections) {
    const id = edgeIdOf(c);
    if (seen.has(id)) continue;
    seen.add(id);
    const branch = labels && conditionIds.has(c.from) && c.kind === "main" ? (c.output === 0 ? labels.true : c.output === 1 ? labels.false : undefined) : undefined;
    edges.push({
      id,
      source: c.from,
      target: c.to,
      sourceHandle: handleId(c.kind, c.output),
      targetHandle: handleId(c.kind, c.input),
      selected: selected.has(id),
      data: { connection: c },
      ...(branch ? { label: branch } : {}),
      ...(c.kind !== "main" ? { animated: false, style: { strokeDasharray: "6 4" } } : {}),
    });
  }
  return edges;
}
