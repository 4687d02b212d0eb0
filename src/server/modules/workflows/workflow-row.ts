import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  n8nWebhookOf,
  WORKFLOW_DEFAULT_TIMEOUT_S,
  workflowConnection,
  workflowDeployment,
  workflowDraft,
  workflowNode,
  workflowSettings,
  workflowTriggers,
  type Workflow,
  type WorkflowDeployment,
  type WorkflowDraft,
} from "@/shared/workflows";
import type { Db } from "../../db/client";
import { automations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { OrgScope } from "../organisations/require-membership";

export type AutomationRow = typeof automations.$inferSelect;

/** Saved workflows share the automations table with the agent; this trigger tells them apart. */
export const WORKFLOW_TRIGGER = "workflow";

export const workflowNotFound = () => new AppError("not_found", "Workflow not found");

/** A path id that is not a uuid names no workflow: 404, as another organisation's id does. */
export function workflowIdOf(raw: string | undefined): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw workflowNotFound();
  return parsed.data;
}

/** config_json as the spec has it: the trigger as `type`, the spec's n8n_webhook, and the last deploy. */
export function configOf(draft: WorkflowDraft, deployment: WorkflowDeployment | null): Record<string, unknown> {
  return {
    type: draft.trigger,
    description: draft.description,
    nodes: draft.nodes,
    connections: draft.connections,
    settings: draft.settings,
    n8n_webhook: n8nWebhookOf(draft.name),
    ...(draft.n8n ? { n8n: draft.n8n } : {}),
    ...(deployment ? { deployment } : {}),
  };
}

const pick = <T>(schema: z.ZodType<T>, value: unknown, fallback: T): T => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
};

/** The items of a stored list that still parse. */
const items = <T>(schema: z.ZodType<T>, value: unknown): T[] =>
  (Array.isArray(value) ? value : []).flatMap((item: unknown) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });

/**
 * The saved draft. config_json is written by this module but read defensively (another tool may
 * have stored odd values): a part that does not parse is dropped rather than failing the read.
 */
export function draftOf(row: AutomationRow): WorkflowDraft {
  const c = row.configJson;
  const whole = workflowDraft.safeParse({ name: row.name, description: c.description, trigger: c.type, nodes: c.nodes, connections: c.connections, settings: c.settings, n8n: c.n8n });
  if (whole.success) return whole.data;
  return {
    name: row.name,
    description: pick(z.string(), c.description, ""),
    trigger: pick(z.enum(workflowTriggers), c.type, "webhook"),
    nodes: items(workflowNode, c.nodes),
    connections: items(workflowConnection, c.connections),
    settings: pick(workflowSettings, c.settings ?? {}, { webhookPath: "", timeout: WORKFLOW_DEFAULT_TIMEOUT_S }),
    ...(c.n8n && typeof c.n8n === "object" && !Array.isArray(c.n8n) ? { n8n: c.n8n as Record<string, unknown> } : {}),
  };
}

export const deploymentOf = (row: AutomationRow): WorkflowDeployment | null => pick(workflowDeployment.nullable(), row.configJson.deployment ?? null, null);

export function toWorkflow(row: AutomationRow): Workflow {
  const draft = draftOf(row);
  return {
    ...draft,
    id: row.id,
    status: row.status === "disabled" ? "disabled" : "enabled",
    n8nWebhook: n8nWebhookOf(draft.name),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deployment: deploymentOf(row),
  };
}

/** One of the organisation's workflows, or undefined; `lock` holds it for the rest of the transaction. */
export async function findWorkflowRow(db: Db, scope: Pick<OrgScope, "orgId">, id: string, lock?: "lock"): Promise<AutomationRow | undefined> {
  const query = db
    .select()
    .from(automations)
    .where(and(eq(automations.id, id), eq(automations.orgId, scope.orgId), eq(automations.trigger, WORKFLOW_TRIGGER)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function requireWorkflowRow(db: Db, scope: Pick<OrgScope, "orgId">, id: string): Promise<AutomationRow> {
  const row = await findWorkflowRow(db, scope, id);
  if (!row) throw workflowNotFound();
  return row;
}
