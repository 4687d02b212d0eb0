import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { PERSONAL_DETAIL_KEYS } from "./pseudonym";

const personalKeys = sql.raw(`'{${PERSONAL_DETAIL_KEYS.join(",")}}'::text[]`);

/**
 * The audit log keeps what happened but not who it was: the erased user's id becomes their
 * pseudonym (as actor and as target), their addresses and names leave the details, and an entry
 * whose details still mention them keeps only that something was erased.
 */
export async function pseudonymiseAudit(tx: Pick<Db, "execute">, user: { id: string; email: string }, pseudonym: string): Promise<void> {
  await tx.execute(sql`update "audit_log" set "actor_user_id" = ${pseudonym}, "ip" = null, "details" = "details" - ${personalKeys} where "actor_user_id" = ${user.id}`);
  await tx.execute(sql`update "audit_log" set "target_id" = ${pseudonym}, "details" = "details" - ${personalKeys} where "target_id" = ${user.id}`);
  const mentions = sql`(strpos("details"::text, ${user.id}) > 0 or strpos(lower("details"::text), ${user.email.toLowerCase()}) > 0)`;
  await tx.execute(sql`update "audit_log" set "details" = "details" - ${personalKeys} where ${mentions}`);
  await tx.execute(sql`update "audit_log" set "details" = '{"erased": true}'::jsonb where ${mentions}`);
}
