import { and, eq } from "drizzle-orm";
import { probeResults } from "../../db/schema/health";
import { SmokeFailure, type SmokeCtx, type SmokeOutcome } from "./smoke-context";

/** A scratch row written, read back and deleted: each step a statement of its own, as real writes are. */
export async function checkDatabase({ services, now }: SmokeCtx): Promise<SmokeOutcome> {
  const db = services.database.db;
  const marker = Math.floor(Math.random() * 1_000_000_000);
  const [written] = await db.insert(probeResults).values({ probe: "smoke", ok: true, latencyMs: marker, checkedAt: now() }).returning({ id: probeResults.id });
  if (!written) throw new SmokeFailure("the scratch row was not written");
  // Deleted whatever the read finds (or if it throws), so a failed run leaves nothing behind.
  const reading = db.select({ latencyMs: probeResults.latencyMs }).from(probeResults).where(and(eq(probeResults.id, written.id), eq(probeResults.probe, "smoke")));
  const [read] = await reading.catch(async (error: unknown) => {
    await db.delete(probeResults).where(eq(probeResults.id, written.id));
    throw error;
  });
  const deleted = await db.delete(probeResults).where(eq(probeResults.id, written.id)).returning({ id: probeResults.id });
  if (!read || read.latencyMs !== marker) throw new SmokeFailure("the scratch row read back is not the one written");
  if (deleted.length !== 1) throw new SmokeFailure("the scratch row could not be deleted");
  return { status: "pass", message: "Wrote a scratch row, read it back and deleted it" };
}
