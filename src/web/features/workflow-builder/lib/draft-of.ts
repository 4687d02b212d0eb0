import type { Workflow, WorkflowDraft } from "@/shared/workflows";

/** The editable document of a saved workflow: what Save sends back, without the server's own fields. */
export function draftOf(workflow: Workflow): WorkflowDraft {
  const { name, description, trigger, nodes, connections, settings, n8n } = workflow;
  return n8n === undefined ? { name, description, trigger, nodes, connections, settings } : { name, description, trigger, nodes, connections, settings, n8n };
}
