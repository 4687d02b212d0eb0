import type { Db } from "../db/client";
import { countJobs, startOfUtcDay } from "../modules/jobs/count-jobs";

/** The status page's job figures: today's queued, failed and done jobs; a failed count is no reason to fail health. */
export async function jobFigures(db: Db, now: Date): Promise<{ queued: number; failed: number; done: number } | null> {
  try {
    const { queued, sent, failed, done } = await countJobs(db, startOfUtcDay(now));
    return { queued: queued + sent, failed, done };
  } catch {
    return null;
  }
}
