import { z } from "zod";

// Contracts for the workflow builder (spec: Workflow Builder; entities Workflow, Workflow node,
// Automation). This is our model, which the canvas renders and the server stores in
// automations.config_json; src/shared/n8n/ translates it to and from n8n's JSON, so nothing else
// needs to know n8n's format.

export const WORKFLOW_DEFAULT_TIMEOUT_S = 30;
export const WORKFLOW_MAX_TIMEOUT_S = 86_400;
export const WORKFLOW_MAX_NODES = 2_000;
export const WORKFLOW_MAX_CONNECTIONS = 4_000;
export const MAX_WORKFLOW_NAME = 128;
export const MAX_WORKFLOW_DESCRIPTION = 1_000;
export const MAX_NODE_NAME = 128;
/** Spec: the list's scroll height. */
export const WORKFLOW_LIST_HEIGHT_PX = 500;

/** The Trigger select of the Design tab. */
export const workflowTriggers = ["webhook", "schedule", "manual"] as const;
export type WorkflowTrigger = (typeof workflowTriggers)[number];

/**
 * The palette's node types. "opaque" is a node of a type the palette does not know (kept from an
 * import exactly as n8n wrote it, in `n8n`), so an imported workflow survives export unchanged.
 */
export const paletteNodeTypes = ["webhook", "schedule", "manual", "http", "openai", "supabase", "condition", "transform", "code", "respond"] as const;
export type PaletteNodeType = (typeof paletteNodeTypes)[number];
export const workflowNodeTypes = [...paletteNodeTypes, "opaque"] as const;
export type WorkflowNodeType = (typeof workflowNodeTypes)[number];
export const triggerNodeTypes: readonly WorkflowNodeType[] = ["webhook", "schedule", "manual"];

const finite = z.number().finite();

export const workflowNode = z.object({
  /** Stable within the workflow; becomes n8n's node id (a uuid for nodes we create). */
  id: z.string().min(1).max(100),
  type: z.enum(workflowNodeTypes),
  name: z.string().trim().min(1, "Name the node").max(MAX_NODE_NAME, `Use at most ${MAX_NODE_NAME} characters`),
  /** n8n's parameters for the node; the parameters panel edits the ones the type needs and keeps the rest. */
  parameters: z.record(z.string(), z.unknown()),
  position: z.object({ x: finite, y: finite }),
  /**
   * What n8n wrote for this node beyond name, type, position and parameters (typeVersion,
   * credentials, webhookId, notes, disabled, and for an opaque node its type), kept so export
   * gives it back unchanged.
   */
  n8n: z.record(z.string(), z.unknown()).optional(),
});
export type WorkflowNode = z.infer<typeof workflowNode>;

export const workflowConnection = z.object({
  from: z.string().min(1),
  to: z.string().min(1),
  /** The source's output: 0 for most nodes; a condition has 0 (true) and 1 (false). */
  output: z.number().int().min(0).max(64).default(0),
  /** The target's input. */
  input: z.number().int().min(0).max(64).default(0),
  /** n8n's connection type: "main" for data; imported AI nodes use others (ai_languageModel, …). */
  kind: z.string().min(1).max(64).default("main"),
});
export type WorkflowConnection = z.infer<typeof workflowConnection>;

/** A workflow's time limit in whole seconds, as n8n's executionTimeout. */
export const workflowTimeoutSeconds = z.coerce
  .number("Enter the timeout in seconds")
  .int("Enter whole seconds")
  .min(1, "Use at least 1 second")
  .max(WORKFLOW_MAX_TIMEOUT_S, `Use at most ${WORKFLOW_MAX_TIMEOUT_S} seconds`);

export const workflowSettings = z.object({
  webhookPath: z.string().trim().max(200, "Use at most 200 characters").default(""),
  // null: no time limit, as n8n runs a workflow without executionTimeout (or with -1).
  timeout: workflowTimeoutSeconds.nullable().default(WORKFLOW_DEFAULT_TIMEOUT_S),
});
export type WorkflowSettings = z.infer<typeof workflowSettings>;

/** The editor's whole document: what Save sends and what the canvas renders. */
export const workflowDraft = z.object({
  name: z.string().trim().min(1, "Please provide a workflow name").max(MAX_WORKFLOW_NAME, `Use at most ${MAX_WORKFLOW_NAME} characters`),
  description: z.string().trim().max(MAX_WORKFLOW_DESCRIPTION, `Use at most ${MAX_WORKFLOW_DESCRIPTION} characters`).default(""),
  trigger: z.enum(workflowTriggers, "Choose Webhook, Schedule or Manual").default("webhook"),
  nodes: z.array(workflowNode).max(WORKFLOW_MAX_NODES, `Use at most ${WORKFLOW_MAX_NODES} nodes`),
  connections: z.array(workflowConnection).max(WORKFLOW_MAX_CONNECTIONS, `Use at most ${WORKFLOW_MAX_CONNECTIONS} connections`),
  settings: workflowSettings.default({ webhookPath: "", timeout: WORKFLOW_DEFAULT_TIMEOUT_S }),
  /** n8n workflow-level fields an import carried that we do not edit (e.g. settings.timezone), given back on export. */
  n8n: z.record(z.string(), z.unknown()).optional(),
});
export type WorkflowDraft = z.infer<typeof workflowDraft>;
export type WorkflowDraftInput = z.input<typeof workflowDraft>;

/** Create: the draft. Update: the draft plus the version it was based on, refused with 409 when stale. */
export const createWorkflowInput = workflowDraft;
export const updateWorkflowInput = workflowDraft.extend({ version: z.number().int().min(1) });
export type UpdateWorkflowInput = z.input<typeof updateWorkflowInput>;

export const workflowStatuses = ["enabled", "disabled"] as const;

/** Where the saved workflow stands on n8n, as the last deploy left it. */
export const workflowDeployment = z.object({
  n8nWorkflowId: z.string(),
  deployedAt: z.string(),
  /** Hash of the exported nodes and connections at deploy time. */
  exportHash: z.string(),
  active: z.boolean(),
});
export type WorkflowDeployment = z.infer<typeof workflowDeployment>;

/** A saved workflow as the API returns it. */
export const workflow = workflowDraft.extend({
  id: z.uuid(),
  status: z.enum(workflowStatuses),
  /** The spec's n8n_webhook: the lower-cased name with spaces as hyphens. */
  n8nWebhook: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deployment: workflowDeployment.nullable(),
});
export type Workflow = z.infer<typeof workflow>;

/** A row of the builder's list. */
export const workflowSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  trigger: z.enum(workflowTriggers),
  nodeCount: z.number().int(),
  status: z.enum(workflowStatuses),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type WorkflowSummary = z.infer<typeof workflowSummary>;

export const deployWorkflowInput = z.object({ activate: z.boolean().default(false) });

/**
 * in_sync: n8n holds what was saved; differs: the saved workflow or n8n's copy changed since;
 * not_deployed: never deployed; missing: n8n no longer has it; unreachable / not_configured: no check possible.
 */
export const deploymentStates = ["in_sync", "differs", "not_deployed", "missing", "unreachable", "not_configured"] as const;
export type DeploymentState = (typeof deploymentStates)[number];
export const deploymentStatus = z.object({
  state: z.enum(deploymentStates),
  active: z.boolean().nullable(),
  n8nWorkflowId: z.string().nullable(),
  deployedAt: z.string().nullable(),
  message: z.string(),
  /** For not_configured: what is missing, so the builder can ask for the key itself (the server's N8N_BASE it cannot set). */
  setup: z.enum(["n8n_base", "api_key"]).nullable().default(null),
});
export type DeploymentStatus = z.infer<typeof deploymentStatus>;

/** The spec's n8n_webhook: the lower-cased name with whitespace runs turned into hyphens. */
export function n8nWebhookOf(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}
