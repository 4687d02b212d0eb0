import type { WorkflowDraft, WorkflowNode, WorkflowTrigger } from "../workflows";
import { isTriggerNode, outputCountOf } from "./node-catalogue";
import { createNode, formProblems, readNodeForm } from "./node-parameters";

export const workflowProblemCodes = ["no_trigger", "many_triggers", "dangling_connection", "duplicate_name", "missing_parameter", "bad_output", "response_mode"] as const;
export type WorkflowProblemCode = (typeof workflowProblemCodes)[number];
/** Something that stops n8n from importing or running the workflow; `nodeId` names the node to show it on. */
export type WorkflowProblem = { code: WorkflowProblemCode; message: string; nodeId?: string; field?: string };

/**
 * What must hold before Save and Export: one trigger, connections between existing nodes on
 * outputs they have, unique names, the parameters n8n needs. The server runs the same check.
 */
export function validateWorkflow(draft: Pick<WorkflowDraft, "nodes" | "connections">): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const triggers = draft.nodes.filter(isTriggerNode);
  if (triggers.length === 0) problems.push({ code: "no_trigger", message: "Add a trigger (Webhook, Schedule or Manual) to start the workflow." });
  for (const extra of triggers.slice(1)) problems.push({ code: "many_triggers", nodeId: extra.id, message: `"${extra.name}" is a second trigger; a workflow starts at one.` });

  const byId = new Map<string, WorkflowNode>();
  const seen = new Map<string, string>();
  for (const node of draft.nodes) {
    byId.set(node.id, node);
    const key = node.name.trim();
    if (seen.has(key)) problems.push({ code: "duplicate_name", nodeId: node.id, message: `Another node is already named "${key}".` });
    else seen.set(key, node.id);
    const form = readNodeForm(node);
    if (form) for (const p of formProblems(form)) problems.push({ code: "missing_parameter", nodeId: node.id, field: p.field, message: `${node.name}: ${p.message}` });
  }

  const usedOutputs = new Map<string, number>();
  for (const c of draft.connections) usedOutputs.set(c.from, Math.max(usedOutputs.get(c.from) ?? 0, c.output + 1));
  for (const c of draft.connections) {
    const from = byId.get(c.from);
    const to = byId.get(c.to);
    if (!from || !to) {
      problems.push({ code: "dangling_connection", nodeId: from?.id ?? to?.id, message: "A connection leads to or from a node that no longer exists." });
      continue;
    }
    if (c.kind === "main" && c.output >= outputCountOf(from, usedOutputs.get(from.id))) problems.push({ code: "bad_output", nodeId: from.id, message: `"${from.name}" has no output ${c.output + 1}.` });
    if (c.kind === "main" && from.type !== "opaque" && to.type !== "opaque" && isTriggerNode(to)) problems.push({ code: "dangling_connection", nodeId: to.id, message: `"${to.name}" is a trigger; nothing can connect into it.` });
  }

  // n8n answers a webhook from a Respond to Webhook node only when the Webhook says so.
  if (draft.nodes.some((node) => node.type === "respond")) {
    for (const node of draft.nodes) {
      const form = readNodeForm(node);
      if (form?.type === "webhook" && form.responseMode !== "responseNode")
        problems.push({ code: "response_mode", nodeId: node.id, field: "responseMode", message: `${node.name}: set Respond to "Using 'Respond to Webhook' node", since the workflow has one.` });
    }
  }
  return problems;
}

const triggerTypes: Record<WorkflowTrigger, "webhook" | "schedule" | "manual"> = { webhook: "webhook", schedule: "schedule", manual: "manual" };

/**
 * The Trigger select: the workflow's palette trigger changes type in place (same id and position,
 * so its connections stay), or a trigger is added at the left when there is none.
 */
export function setTrigger<T extends Pick<WorkflowDraft, "nodes">>(draft: T, trigger: WorkflowTrigger): T {
  const type = triggerTypes[trigger];
  const current = draft.nodes.find((node) => node.type === "webhook" || node.type === "schedule" || node.type === "manual");
  const others = draft.nodes.filter((node) => node !== current).map((node) => node.name);
  if (current?.type === type) return draft;
  if (!current) {
    const left = draft.nodes.reduce((min, node) => Math.min(min, node.position.x), 250);
    const node = createNode(type, { x: left - 250, y: draft.nodes[0]?.position.y ?? 200 }, others);
    return { ...draft, nodes: [node, ...draft.nodes] };
  }
  const fresh = createNode(type, current.position, others);
  const replaced: WorkflowNode = { ...fresh, id: current.id };
  return { ...draft, nodes: draft.nodes.map((node) => (node === current ? replaced : node)) };
}
