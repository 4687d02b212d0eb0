import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { automations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { findWorkflowRow, workflowNotFound, type AutomationRow } from "./workflow-row";

type Lease = { token: string; until: string };
const leaseOf = (row: AutomationRow): Lease | null => {
  const lease = row.configJson.deploy_lease as Partial<Lease> | undefined;
  return typeof lease?.token === "string" && typeof lease.until === "string" ? { token: lease.token, until: lease.until } : null;
};

/** What a save must carry over from the row it replaces: a deploy under way keeps its lease. */
export const keptLease = (row: AutomationRow): Record<string, unknown> => (leaseOf(row) ? { deploy_lease: row.configJson.deploy_lease } : {});

const POLL_MS = 200;

/**
 * Runs one deploy of a workflow at a time, on any instance: two tabs, two owners or an API retry
 * deploying at once would each create a copy in n8n, and n8n lets only one of them hold the
 * webhook. The lease is a row field (no transaction stays open across n8n's calls); one left by a
 * crashed instance lapses after `leaseMs`. A deploy finding one waits for it, then deploys onto
 * what it recorded; past `waitMs` it is refused with 409.
 */
export async function withDeployLease<T>(ctx: Pick<Ctx, "db" | "scope">, id: string, timing: { leaseMs: number; waitMs: number }, work: () => Promise<T>): Promise<T> {
  const token = randomUUID();
  const deadline = Date.now() + timing.waitMs;
  for (;;) {
    const taken = await ctx.db.transaction(async (tx) => {
      const row = await findWorkflowRow(tx, ctx.scope, id, "lock");
      if (!row) throw workflowNotFound();
      const held = leaseOf(row);
      if (held && Date.parse(held.until) > Date.now()) return false;
      const lease: Lease = { token, until: new Date(Date.now() + timing.leaseMs).toISOString() };
      await tx
        .update(automations)
        .set({ configJson: sql`${automations.configJson} || ${JSON.stringify({ deploy_lease: lease })}::jsonb` })
        .where(and(eq(automations.id, id), eq(automations.orgId, ctx.scope.orgId)));
      return true;
    });
    if (taken) break;
    if (Date.now() > deadline) throw new AppError("conflict", "Another deploy of this workflow is still running; try again in a moment");
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  try {
    return await work();
  } finally {
    await ctx.db
      .update(automations)
      .set({ configJson: sql`${automations.configJson} - 'deploy_lease'` })
      .where(and(eq(automations.id, id), eq(automations.orgId, ctx.scope.orgId), sql`${automations.configJson} -> 'deploy_lease' ->> 'token' = ${token}`))
      .catch(() => undefined);
  }
}
