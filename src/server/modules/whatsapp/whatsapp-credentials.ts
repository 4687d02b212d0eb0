import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connections } from "../../db/schema";
import { isSealed, type SecretBox } from "../../lib/secret-box";
import { secretContext } from "../connections/connection-auth";

export type WhatsappCredentials = {
  connectionId: string;
  status: string;
  phoneNumberId: string | null;
  token: string | null;
  appSecret: string | null;
  verifyToken: string | null;
  templateName: string | null;
};

/** The organisation's WhatsApp row with every field opened (null where one does not open). All are sealed, even the ids; `lock` holds the row. */
export async function whatsappCredentialsOf(db: Pick<Db, "select">, box: SecretBox, orgId: string, options: { lock?: boolean } = {}): Promise<WhatsappCredentials | null> {
  const query = db.select({ id: connections.id, status: connections.status, auth: connections.authJson }).from(connections).where(and(eq(connections.orgId, orgId), eq(connections.provider, "whatsapp")));
  // Locked inside a transaction when what is written next depends on these credentials still being the ones read.
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) return null;
  const open = (field: string) => {
    const value = row.auth?.[field];
    return isSealed(value) ? box.open(value, secretContext({ orgId, connectionId: row.id }, field)) : null;
  };
  return {
    connectionId: row.id,
    status: row.status,
    phoneNumberId: open("phoneNumberId"),
    token: open("apiKey"),
    appSecret: open("appSecret"),
    verifyToken: open("verifyToken"),
    templateName: open("templateName") || null,
  };
}
