import { z } from "zod";
import type { Worker } from "../../lib/queue";
import { EXPORT_QUEUE } from "./export-row";
import { runDataExport, type RunExportDeps } from "./run-export";

const exportJob = z.object({ export_id: z.uuid() });

/** Builds data exports in the background (queue 'data-export'); the job carries the export's id only. */
export function dataExportWorker(deps: RunExportDeps): Worker {
  return {
    queue: EXPORT_QUEUE,
    handle: async (job) => {
      const parsed = exportJob.safeParse(job.data);
      if (!parsed.success) return;
      await runDataExport(deps, parsed.data.export_id);
    },
  };
}
