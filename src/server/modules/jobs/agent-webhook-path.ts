import { and, eq } from "drizzle-orm";
import { DEFAULT_WEBHOOK_PATH } from "@/shared/agents";
import type { Db } from "../../db/client";
import { automations } from "../../db/schema";

/**
 * Where n8n listens for a job: the named agent's webhook path, else the organisation's agent's
 * (an organisation has at most one), else the starter workflow's default path.
 */
export async function agentWebhookPath(db: Pick<Db, "select">, orgId: string, agentId: string | null): Promise<string> {
  const byAgent = agentId ? eq(automations.id, agentId) : eq(automations.trigger, "agent");
  const [agent] = await db.select({ config: automations.configJson }).from(automations).where(and(eq(automations.orgId, orgId), byAgent)).limit(1);
  const path = agent?.config.webhook_path;
  return typeof path === "string" && path.trim() ? path : DEFAULT_WEBHOOK_PATH;
}
