import { readNodeForm, setTrigger, writeNodeForm } from "@/shared/n8n";
import type { WorkflowDraft, WorkflowNode, WorkflowTrigger } from "@/shared/workflows";

// Settings' Webhook Path and the Webhook node's path are one value: n8n listens on the node's.

const webhookNodeOf = (draft: WorkflowDraft): WorkflowNode | undefined => draft.nodes.find((node) => node.type === "webhook");

/** The path the Settings tab shows: the Webhook node's, or the stored one while there is no Webhook node. */
export function webhookPathOf(draft: WorkflowDraft): string {
  const node = webhookNodeOf(draft);
  const form = node && readNodeForm(node);
  return form?.type === "webhook" ? form.path : draft.settings.webhookPath;
}

export function hasWebhookNode(draft: WorkflowDraft): boolean {
  return webhookNodeOf(draft) !== undefined;
}

/** Sets both the setting and the Webhook node's path parameter (its other parameters untouched). */
export function setWebhookPath(draft: WorkflowDraft, path: string): WorkflowDraft {
  const settings = { ...draft.settings, webhookPath: path };
  const node = webhookNodeOf(draft);
  const form = node && readNodeForm(node);
  if (!node || form?.type !== "webhook") return { ...draft, settings };
  const updated = writeNodeForm(node, { ...form, path });
  return { ...draft, settings, nodes: draft.nodes.map((n) => (n === node ? updated : n)) };
}

/** The draft as Save and Export send it: the setting follows the node, which the canvas may have edited. */
export function withWebhookPathInStep(draft: WorkflowDraft): WorkflowDraft {
  const path = webhookPathOf(draft);
  return path === draft.settings.webhookPath ? draft : { ...draft, settings: { ...draft.settings, webhookPath: path } };
}

/** The Trigger select: the trigger node changes type in place; back to Webhook, it gets the stored path again. */
export function changeTrigger(draft: WorkflowDraft, trigger: WorkflowTrigger): WorkflowDraft {
  const next = { ...setTrigger(draft, trigger), trigger };
  return trigger === "webhook" && draft.settings.webhookPath !== "" ? setWebhookPath(next, draft.settings.webhookPath) : next;
}
