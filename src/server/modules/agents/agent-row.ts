import { and, eq } from "drizzle-orm";
import { agentLastTest, DEFAULT_WEBHOOK_PATH, type Agent } from "@/shared/agents";
import type { Db } from "../../db/client";
import { automations } from "../../db/schema";
import type { OrgScope } from "../organisations/require-membership";

export type AutomationRow = typeof automations.$inferSelect;

const text = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** config_json is written by this module but read defensively: other tools may have stored odd values. */
export function toAgent(row: AutomationRow): Agent {
  const config = row.configJson;
  const lastTest = agentLastTest.safeParse(config.last_test);
  return {
    id: row.id,
    org_id: row.orgId,
    name: row.name,
    status: row.status === "disabled" ? "disabled" : "enabled",
    version: row.version,
    provider: "n8n",
    webhook_path: text(config.webhook_path) ?? DEFAULT_WEBHOOK_PATH,
    instructions: text(config.instructions) ?? "",
    project_default: text(config.project_default),
    tags: Array.isArray(config.tags) ? config.tags.filter((t): t is string => typeof t === "string") : [],
    description: text(config.description),
    last_test: lastTest.success ? lastTest.data : null,
    last_success_at: text(config.last_success_at),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The organisation's one agent row, or undefined; `lock` holds it for the rest of the transaction. */
export async function findAgentRow(db: Db, scope: Pick<OrgScope, "orgId">, lock?: "lock"): Promise<AutomationRow | undefined> {
  const query = db
    .select()
    .from(automations)
    .where(and(eq(automations.orgId, scope.orgId), eq(automations.trigger, "agent")))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}
