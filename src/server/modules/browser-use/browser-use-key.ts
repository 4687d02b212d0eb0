import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connections } from "../../db/schema";
import type { SecretBox } from "../../lib/secret-box";
import { openAuth } from "../connections/connection-auth";

export type KeyLookup = { apiKey: string } | { missing: "not_connected" | "not_verified" | "unreadable" };

/**
 * The organisation's Browser Use key, only when its connection is connected and its last test
 * passed: a key Browser Use refused, or one never checked, is not spent on a task.
 */
export async function browserUseKeyOf(db: Db, box: SecretBox, orgId: string): Promise<KeyLookup> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.orgId, orgId), eq(connections.provider, "browseruse")))
    .limit(1);
  if (!row || row.status !== "connected") return { missing: "not_connected" };
  const auth = openAuth(box, { orgId, connectionId: row.id }, row.authJson ?? null);
  if (auth.unreadable) return { missing: "unreadable" };
  if (!auth.apiKey || row.testOutcome !== "valid") return { missing: "not_verified" };
  return { apiKey: auth.apiKey };
}

/** Why no task can start, for the assistant's card (English; the card is translated when read). */
export const keyMissingText: Record<Exclude<KeyLookup, { apiKey: string }>["missing"], string> = {
  not_connected: "Browser Use is not connected. An owner can add its API key on the Integrations page.",
  not_verified: "The Browser Use key has not passed its test. An owner can test it on the Integrations page.",
  unreadable: "The saved Browser Use key could not be decrypted here. An owner can enter it again on the Integrations page.",
};
