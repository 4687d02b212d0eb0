import { keyTestOutcomes, maskSecret, type Connection, type KeyTestOutcome } from "@/shared/connections";
import type { connections } from "../../db/schema";
import type { SecretBox } from "../../lib/secret-box";
import { openAuth } from "./connection-auth";

export type ConnectionRow = typeof connections.$inferSelect;

export const UNREADABLE_MESSAGE = "The saved key could not be decrypted here; enter it again";

/** The public shape: the key only masked. A secret that does not open shows as an error, never as a 500. */
export function toConnection(row: ConnectionRow, box: SecretBox): Connection {
  const auth = openAuth(box, { orgId: row.orgId, connectionId: row.id }, row.authJson ?? null);
  return {
    id: row.id,
    org_id: row.orgId,
    provider: row.provider,
    status: auth.unreadable ? "error" : row.status,
    masked_key: auth.apiKey ? maskSecret(auth.apiKey) : null,
    endpoint: auth.endpoint,
    description: auth.description,
    tested: row.tested,
    tested_at: row.testedAt?.toISOString() ?? null,
    test_outcome: auth.unreadable ? "invalid" : asOutcome(row.testOutcome),
    test_message: auth.unreadable ? UNREADABLE_MESSAGE : row.testMessage,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const asOutcome = (v: string | null): KeyTestOutcome | null => ((keyTestOutcomes as readonly string[]).includes(v ?? "") ? (v as KeyTestOutcome) : null);
