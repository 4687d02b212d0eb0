import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { probeResults } from "../../db/schema/health";
import type { Worker } from "../../lib/queue";

/** The smoke tests' queue: its one job is to mark the scratch row the queue check waits on. */
export const SMOKE_QUEUE = "smoke-check";

const smokeJob = z.object({ row_id: z.number().int().positive() });

export function smokeWorker({ db }: { db: Db }): Worker {
  return {
    queue: SMOKE_QUEUE,
    handle: async (job) => {
      const parsed = smokeJob.safeParse(job.data);
      // A malformed job has nothing to mark; failing it would only have pg-boss retry it.
      if (!parsed.success) return;
      await db.update(probeResults).set({ ok: true }).where(and(eq(probeResults.id, parsed.data.row_id), eq(probeResults.probe, "smoke-queue")));
    },
  };
}
