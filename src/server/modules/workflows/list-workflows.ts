import { and, asc, eq, sql } from "drizzle-orm";
import { workflowTriggers, type WorkflowSummary, type WorkflowTrigger } from "@/shared/workflows";
import { automations } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { WORKFLOW_TRIGGER } from "./workflow-row";

const config = automations.configJson;
// Counted in the database: a list of large workflows need not carry their nodes here.
const nodeCount = sql<number>`case when jsonb_typeof(${config}->'nodes') = 'array' then jsonb_array_length(${config}->'nodes') else 0 end`.mapWith(Number);
const isTrigger = (value: string | null): value is WorkflowTrigger => (workflowTriggers as readonly (string | null)[]).includes(value);

/** The organisation's workflows by name, case-insensitively (the list's order). */
export async function listWorkflows({ db, scope }: Ctx): Promise<WorkflowSummary[]> {
  const rows = await db
    .select({
      id: automations.id,
      name: automations.name,
      description: sql<string | null>`${config}->>'description'`,
      trigger: sql<string | null>`${config}->>'type'`,
      nodeCount,
      status: automations.status,
      version: automations.version,
      updatedAt: automations.updatedAt,
    })
    .from(automations)
    .where(and(eq(automations.orgId, scope.orgId), eq(automations.trigger, WORKFLOW_TRIGGER)))
    .orderBy(sql`lower(${automations.name})`, asc(automations.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description ?? "",
    trigger: isTrigger(row.trigger) ? row.trigger : "webhook",
    nodeCount: row.nodeCount,
    status: row.status === "disabled" ? "disabled" : "enabled",
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }));
}
