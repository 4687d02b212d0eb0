import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUserReference, listTables } from "./schema-walk";

const id = (name: string) => sql.identifier(name);

/**
 * Removes every row that names the user, walking the schema so tables added later are covered:
 * a row owned by the user (a required user column) is deleted, a row that only mentions them (an
 * optional one, such as created_by) keeps its content and loses the name. Rows keyed by the
 * user's address (mail, invitations, failed sign-ins) go too. The audit log is pseudonymised
 * instead (pseudonymise-audit.ts), and the user row itself is the caller's last delete.
 */
export async function scrubUserReferences(tx: Pick<Db, "execute">, user: { id: string; email: string }): Promise<void> {
  const email = user.email.toLowerCase();
  // Product events are the user's own, details included: gone, not anonymised.
  await tx.execute(sql`delete from "telemetry_events" where "user_id" = ${user.id}`);
  await tx.execute(sql`delete from "verification" where "value" = ${user.id} or lower("identifier") = ${email} or strpos("value", ${user.id}) > 0`);
  await tx.execute(sql`delete from "request_limits" where strpos("key", ${`:${user.id}`}) > 0`);
  // The queue's fairness keys name the user for their own jobs (a personal export): the jobs have nothing left to do.
  await tx.execute(sql`delete from "queue_jobs" where "key" = ${user.id}`);
  await tx.execute(sql`delete from "queue_turns" where "key" = ${user.id}`);
  const tables = await listTables(tx);
  for (const [table, columns] of tables) {
    if (table === "user" || table === "audit_log") continue;
    for (const column of columns.filter(isUserReference)) {
      if (column.nullable) await tx.execute(sql`update ${id(table)} set ${id(column.name)} = null where ${id(column.name)} = ${user.id}`);
      else await tx.execute(sql`delete from ${id(table)} where ${id(column.name)} = ${user.id}`);
    }
    for (const column of columns.filter((c) => c.type === "text" && (c.name === "email" || c.name === "to"))) {
      await tx.execute(sql`delete from ${id(table)} where lower(${id(column.name)}) = ${email}`);
    }
  }
}

/** After an organisation's row is gone, tables that hold its id without a foreign key (open streams, counters). */
export async function scrubOrganisationReferences(tx: Pick<Db, "execute">, orgId: string): Promise<void> {
  const tables = await listTables(tx);
  for (const [table, columns] of tables) {
    if (columns.some((c) => c.name === "org_id" && c.type === "uuid")) await tx.execute(sql`delete from ${id(table)} where "org_id" = ${orgId}`);
  }
  // The queue's fairness key is the organisation's id: its jobs' rows are gone, so are they.
  await tx.execute(sql`delete from "queue_jobs" where "key" = ${orgId}`);
  await tx.execute(sql`delete from "queue_turns" where "key" = ${orgId}`);
}
