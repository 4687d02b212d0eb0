import { n8nWebhookOf } from "@/shared/workflows";
import { randomUUID } from "node:crypto";
import type { WorkflowDraftInput, WorkflowNode } from "@/shared/workflows";

type NodeInput = Omit<WorkflowNode, "id"> & { id?: string };
const node = (n: NodeInput): WorkflowNode => ({ id: randomUUID(), ...n });

/** Webhook → HTTP Request → Code: a draft every check passes, as the builder would save it. */
export function sampleDraft(name = "Order intake", extra: Partial<WorkflowDraftInput> = {}): WorkflowDraftInput {
  // A path of its own per name: n8n lets one active workflow hold a path, and tests activate many.
  const trigger = node({ type: "webhook", name: "Webhook", parameters: { httpMethod: "POST", path: n8nWebhookOf(name) || "orders", responseMode: "onReceived" }, position: { x: 0, y: 0 }, n8n: { webhookId: randomUUID() } });
  const http = node({ type: "http", name: "Notify", parameters: { method: "POST", url: "https://example.test/hook" }, position: { x: 250, y: 0 } });
  const code = node({ type: "code", name: "Shape", parameters: { jsCode: "return $input.all();" }, position: { x: 500, y: 0 } });
  return {
    name,
    description: "Takes orders in",
    trigger: "webhook",
    nodes: [trigger, http, code],
    connections: [
      { from: trigger.id, to: http.id, output: 0, input: 0, kind: "main" },
      { from: http.id, to: code.id, output: 0, input: 0, kind: "main" },
    ],
    settings: { webhookPath: "orders", timeout: 60 },
    ...extra,
  };
}

/** Only a Manual Trigger and a Code node: valid to save, but n8n will not activate it. */
export function manualDraft(name = "By hand"): WorkflowDraftInput {
  const trigger = node({ type: "manual", name: "Manual Trigger", parameters: {}, position: { x: 0, y: 0 } });
  const code = node({ type: "code", name: "Work", parameters: { jsCode: "return [];" }, position: { x: 250, y: 0 } });
  return { name, trigger: "manual", nodes: [trigger, code], connections: [{ from: trigger.id, to: code.id, output: 0, input: 0, kind: "main" }] };
}

/** A webhook and `count - 1` HTTP Request nodes in a chain: hundreds of KB of JSON past a few hundred nodes. */
export function bigDraft(count: number, name = "Big chain"): WorkflowDraftInput {
  const nodes = [node({ type: "webhook", name: "Webhook", parameters: { httpMethod: "POST", path: "big", responseMode: "onReceived" }, position: { x: 0, y: 0 } })];
  for (let i = 1; i < count; i++) {
    nodes.push(node({ type: "http", name: `Call ${i}`, parameters: { method: "POST", url: `https://example.test/step/${i}`, sendBody: true, jsonBody: `{"step": ${i}, "note": "a body n8n sends on"}` }, position: { x: 250 * (i % 20), y: 200 * Math.floor(i / 20) } }));
  }
  const connections = nodes.slice(1).map((to, i) => ({ from: nodes[i]!.id, to: to.id, output: 0, input: 0, kind: "main" }));
  return { name, nodes, connections };
}
