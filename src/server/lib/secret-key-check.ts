import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { secretKeyCheck } from "../db/schema";
import type { SecretBox } from "./secret-box";

export const CANARY_CONTEXT = ["secret_key_check", "1"] as const;
export const CANARY_TEXT = "we-love-hq secret key check";

export class SecretKeyMismatchError extends Error {
  constructor() {
    super("SECRET_KEY does not match the key this database's secrets were encrypted with (see README: Rotating SECRET_KEY)");
  }
}

/**
 * Run at start-up: the first start stores a canary under the current key, later starts must open
 * it. A wrong key stops the server at once instead of showing every saved key as broken.
 * Instances starting together on one database race on the insert; the loser reads the winner's.
 */
export async function checkSecretKey(db: Db, box: SecretBox): Promise<"created" | "matched"> {
  const inserted = await db
    .insert(secretKeyCheck)
    .values({ id: 1, canary: box.seal(CANARY_TEXT, CANARY_CONTEXT) })
    .onConflictDoNothing()
    .returning({ id: secretKeyCheck.id });
  if (inserted.length > 0) return "created";
  const [row] = await db.select({ canary: secretKeyCheck.canary }).from(secretKeyCheck).where(eq(secretKeyCheck.id, 1));
  if (!row || box.open(row.canary, CANARY_CONTEXT) !== CANARY_TEXT) throw new SecretKeyMismatchError();
  return "matched";
}
