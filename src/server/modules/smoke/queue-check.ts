import { eq } from "drizzle-orm";
import { probeResults } from "../../db/schema/health";
import { msSince, SmokeFailure, type SmokeCtx, type SmokeOutcome } from "./smoke-context";
import { SMOKE_QUEUE } from "./smoke-worker";

const POLL_MS = 100;

/**
 * A job through pg-boss and back: the check writes a scratch row, sends a job naming it, and
 * waits for a worker (of any instance) to mark it. Time-boxed by SMOKE_QUEUE_TIMEOUT_MS.
 */
export async function checkQueue({ services, now }: SmokeCtx): Promise<SmokeOutcome> {
  const db = services.database.db;
  const timeoutMs = services.env.SMOKE_QUEUE_TIMEOUT_MS;
  const [row] = await db.insert(probeResults).values({ probe: "smoke-queue", ok: false, checkedAt: now() }).returning({ id: probeResults.id });
  if (!row) throw new SmokeFailure("the scratch row was not written");
  try {
    const started = performance.now();
    const jobId = await services.queue.send(SMOKE_QUEUE, { row_id: row.id });
    if (!jobId) throw new SmokeFailure("the queue did not accept the job");
    while (performance.now() - started < timeoutMs) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const [seen] = await db.select({ ok: probeResults.ok }).from(probeResults).where(eq(probeResults.id, row.id));
      if (seen?.ok) return { status: "pass", message: `A job went through the queue and its worker completed it in ${msSince(started)} ms` };
    }
    throw new SmokeFailure(`the job was not completed within ${timeoutMs / 1000} s (are the queue's workers running?)`);
  } finally {
    await db.delete(probeResults).where(eq(probeResults.id, row.id));
  }
}
