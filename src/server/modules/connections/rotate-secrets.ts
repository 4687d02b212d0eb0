import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connections, secretKeyCheck } from "../../db/schema";
import { createSecretBox, isSealed } from "../../lib/secret-box";
import { CANARY_CONTEXT, CANARY_TEXT, SecretKeyMismatchError } from "../../lib/secret-key-check";
import { secretContext, type StoredAuth } from "./connection-auth";

export type RotationResult = {
  /** Secrets opened with the old key and sealed again with the new one. */
  reencrypted: number;
  /** Secrets that did not open with the old key either (e.g. copied between rows); left as they were. */
  unreadable: number;
};

/** Re-encrypts every stored secret and the canary in one transaction: all under the new key, or nothing. */
export async function rotateSecrets(db: Db, oldKeyHex: string, newKeyHex: string): Promise<RotationResult> {
  const oldBox = createSecretBox(oldKeyHex);
  const newBox = createSecretBox(newKeyHex);
  return db.transaction(async (tx) => {
    const [check] = await tx.select().from(secretKeyCheck).where(eq(secretKeyCheck.id, 1)).for("update");
    if (check && oldBox.open(check.canary, CANARY_CONTEXT) !== CANARY_TEXT) throw new SecretKeyMismatchError();
    const canary = newBox.seal(CANARY_TEXT, CANARY_CONTEXT);
    await tx
      .insert(secretKeyCheck)
      .values({ id: 1, canary, rotatedAt: new Date() })
      .onConflictDoUpdate({ target: secretKeyCheck.id, set: { canary, rotatedAt: new Date() } });

    const result: RotationResult = { reencrypted: 0, unreadable: 0 };
    const rows = await tx.select({ id: connections.id, orgId: connections.orgId, authJson: connections.authJson }).from(connections).for("update");
    for (const row of rows) {
      if (!row.authJson) continue;
      const owner = { orgId: row.orgId, connectionId: row.id };
      const next: StoredAuth = { ...row.authJson };
      let changed = false;
      for (const [field, value] of Object.entries(row.authJson)) {
        if (!isSealed(value)) continue;
        const plain = oldBox.open(value, secretContext(owner, field));
        if (plain === null) {
          result.unreadable++;
          continue;
        }
        next[field] = newBox.seal(plain, secretContext(owner, field));
        result.reencrypted++;
        changed = true;
      }
      if (changed) await tx.update(connections).set({ authJson: next }).where(eq(connections.id, row.id));
    }
    return result;
  });
}
