import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { googleOauthStates } from "../../db/schema";
import type { SecretBox } from "../../lib/secret-box";

/** An authorisation may take this long between our redirect and Google's callback. */
export const STATE_TTL_MS = 10 * 60 * 1000;

const hashState = (state: string) => createHash("sha256").update(state).digest("base64url");
const verifierContext = (userId: string, stateHash: string) => [userId, stateHash, "code_verifier"] as const;

/** RFC 7636: a 43-character verifier and its S256 challenge. */
export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** A fresh state for this user, stored hashed with the sealed verifier; old ones of anyone are swept. */
export async function createState(db: Db, box: SecretBox, userId: string, verifier: string, now: Date): Promise<string> {
  const state = randomBytes(32).toString("base64url");
  const stateHash = hashState(state);
  await db.delete(googleOauthStates).where(lt(googleOauthStates.expiresAt, now));
  await db.insert(googleOauthStates).values({ stateHash, userId, codeVerifier: box.seal(verifier, verifierContext(userId, stateHash)), expiresAt: new Date(now.getTime() + STATE_TTL_MS), createdAt: now });
  return state;
}

export type TakenState = { ok: true; verifier: string } | { ok: false; reason: "invalid_state" | "expired" | "other_user" };

/**
 * Takes the state (deleted in the same statement, so a replay finds nothing), then checks it was
 * started by this user and is not too old. A state of another user is spent too: it was shown to
 * the wrong browser, so it must not work for anyone afterwards.
 */
export async function takeState(db: Db, box: SecretBox, state: string, userId: string, now: Date): Promise<TakenState> {
  const stateHash = hashState(state);
  const [row] = await db.delete(googleOauthStates).where(eq(googleOauthStates.stateHash, stateHash)).returning();
  if (!row) return { ok: false, reason: "invalid_state" };
  if (row.userId !== userId) return { ok: false, reason: "other_user" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  const verifier = box.open(row.codeVerifier, verifierContext(row.userId, stateHash));
  return verifier ? { ok: true, verifier } : { ok: false, reason: "invalid_state" };
}
