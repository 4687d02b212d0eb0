import type { PaletteNodeType, WorkflowNode, WorkflowNodeType } from "../workflows";

/**
 * Each palette type as the n8n node it becomes. The types and typeVersions exist in n8n 1.x and
 * 2.x; `accepts` says which typeVersions an import may carry and still be edited with our form
 * (their parameters have the shape the form reads); any other version stays an opaque node.
 */
export type CatalogueEntry = {
  n8nType: string;
  typeVersion: number;
  accepts: (typeVersion: number) => boolean;
  trigger: boolean;
  /** How many outputs the node has on the canvas: a condition has true (0) and false (1). */
  outputs: number;
  /** Whether anything can connect into it. */
  hasInput: boolean;
  defaultName: string;
};

const from = (min: number, below: number) => (v: number) => v >= min && v < below;

export const nodeCatalogue: Record<PaletteNodeType, CatalogueEntry> = {
  webhook: { n8nType: "n8n-nodes-base.webhook", typeVersion: 2, accepts: from(1, 3), trigger: true, outputs: 1, hasInput: false, defaultName: "Webhook" },
  schedule: { n8nType: "n8n-nodes-base.scheduleTrigger", typeVersion: 1.2, accepts: from(1, 2), trigger: true, outputs: 1, hasInput: false, defaultName: "Schedule Trigger" },
  manual: { n8nType: "n8n-nodes-base.manualTrigger", typeVersion: 1, accepts: from(1, 2), trigger: true, outputs: 1, hasInput: false, defaultName: "Manual Trigger" },
  http: { n8nType: "n8n-nodes-base.httpRequest", typeVersion: 4.2, accepts: from(4, 5), trigger: false, outputs: 1, hasInput: true, defaultName: "HTTP Request" },
  openai: { n8nType: "@n8n/n8n-nodes-langchain.openAi", typeVersion: 1.8, accepts: from(1, 2), trigger: false, outputs: 1, hasInput: true, defaultName: "OpenAI" },
  supabase: { n8nType: "n8n-nodes-base.supabase", typeVersion: 1, accepts: from(1, 2), trigger: false, outputs: 1, hasInput: true, defaultName: "Supabase" },
  condition: { n8nType: "n8n-nodes-base.if", typeVersion: 2.2, accepts: from(2, 3), trigger: false, outputs: 2, hasInput: true, defaultName: "If" },
  transform: { n8nType: "n8n-nodes-base.set", typeVersion: 3.4, accepts: from(3.3, 4), trigger: false, outputs: 1, hasInput: true, defaultName: "Edit Fields" },
  code: { n8nType: "n8n-nodes-base.code", typeVersion: 2, accepts: from(1, 3), trigger: false, outputs: 1, hasInput: true, defaultName: "Code" },
  respond: { n8nType: "n8n-nodes-base.respondToWebhook", typeVersion: 1.1, accepts: from(1, 2), trigger: false, outputs: 1, hasInput: true, defaultName: "Respond to Webhook" },
};

export const paletteTypeOfN8n = (n8nType: string, typeVersion: number): PaletteNodeType | null => {
  for (const [type, entry] of Object.entries(nodeCatalogue) as [PaletteNodeType, CatalogueEntry][]) {
    if (entry.n8nType === n8nType && entry.accepts(typeVersion)) return type;
  }
  return null;
};

/** The n8n type a node is exported as: an opaque node keeps the one it came with. */
export function n8nTypeOf(node: WorkflowNode): string {
  if (node.type === "opaque") return typeof node.n8n?.type === "string" ? node.n8n.type : "n8n-nodes-base.noOp";
  return nodeCatalogue[node.type].n8nType;
}

/** n8n starts a workflow at a trigger node; for nodes we do not know, n8n's naming says it (…Trigger, webhook). */
export function isTriggerNode(node: WorkflowNode): boolean {
  if (node.type !== "opaque") return nodeCatalogue[node.type].trigger;
  const type = n8nTypeOf(node);
  return /trigger$/i.test(type) || type === "n8n-nodes-base.webhook" || type === "n8n-nodes-base.formTrigger";
}

/** Outputs shown on the canvas; an opaque node shows as many as its connections use (at least one). */
export function outputCountOf(node: WorkflowNode, usedOutputs = 0): number {
  return node.type === "opaque" ? Math.max(1, usedOutputs) : nodeCatalogue[node.type].outputs;
}

export const isPaletteType = (type: WorkflowNodeType): type is PaletteNodeType => type !== "opaque";
