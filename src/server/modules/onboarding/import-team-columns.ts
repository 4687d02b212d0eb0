import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { labels, memberships, taskLabels, user } from "../../db/schema";

/** The organisation's members by lower-cased email: a CSV names an assignee by address. */
export async function importMembersByEmail(db: Pick<Db, "select">, orgId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: user.id, email: user.email }).from(memberships).innerJoin(user, eq(user.id, memberships.userId)).where(eq(memberships.orgId, orgId));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

/** "Bug, Urgent" as label names: trimmed, at most 50 characters each, no repeats, at most 20. */
export const labelNamesOf = (cell: string | undefined): string[] =>
  [...new Map((cell ?? "").split(",").map((n) => n.trim().slice(0, 50)).filter(Boolean).map((n) => [n.toLowerCase(), n] as const)).values()].slice(0, 20);

/** Links imported tasks to their labels by name, creating the organisation's missing labels once. */
export async function importedLabelLinks(tx: Pick<Db, "select" | "insert">, orgId: string, rows: { taskId: string; names: string[] }[]): Promise<void> {
  const wanted = new Map(rows.flatMap((r) => r.names).map((n) => [n.toLowerCase(), n]));
  if (wanted.size === 0) return;
  await tx.insert(labels).values([...wanted.values()].map((name) => ({ orgId, name }))).onConflictDoNothing();
  const found = await tx.select({ id: labels.id, name: labels.name }).from(labels).where(and(eq(labels.orgId, orgId), sql`lower(${labels.name}) in ${[...wanted.keys()]}`));
  const idOf = new Map(found.map((l) => [l.name.toLowerCase(), l.id]));
  const links = rows.flatMap((r) => r.names.map((n) => ({ taskId: r.taskId, labelId: idOf.get(n.toLowerCase())!, orgId }))).filter((l) => l.labelId);
  if (links.length > 0) await tx.insert(taskLabels).values(links).onConflictDoNothing();
}
