import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connections } from "../../db/schema";
import { isSealed, type SecretBox } from "../../lib/secret-box";
import { secretContext } from "../connections/connection-auth";

export type TelegramCredentials = { connectionId: string; status: string; token: string | null; webhookSecret: string | null };

/** The organisation's Telegram row with its token and webhook secret opened (null where they do not open); `lock` holds the row. */
export async function telegramCredentialsOf(db: Pick<Db, "select">, box: SecretBox, orgId: string, options: { lock?: boolean } = {}): Promise<TelegramCredentials | null> {
  const query = db.select({ id: connections.id, status: connections.status, auth: connections.authJson }).from(connections).where(and(eq(connections.orgId, orgId), eq(connections.provider, "telegram")));
  // Locked inside a transaction when what is written next depends on these credentials still being the ones read.
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) return null;
  const open = (field: string) => {
    const value = row.auth?.[field];
    return isSealed(value) ? box.open(value, secretContext({ orgId, connectionId: row.id }, field)) : null;
  };
  return { connectionId: row.id, status: row.status, token: open("apiKey"), webhookSecret: open("webhookSecret") };
}
