import { useCallback, useRef, useState } from "react";
import { smokeChecks } from "@/shared/smoke";
import { runSmokeCheck } from "./api/run-smoke-check";
import { pendingRows, rowOfError, rowOfResult, withRow, type SmokeRow } from "./lib/smoke-rows";

/**
 * Runs the checks one after the other, so each row goes pending → running → its result and the
 * server is asked one thing at a time. A second start while one runs is ignored.
 */
export function useSmokeRun(orgId: string | null) {
  const [rows, setRows] = useState<SmokeRow[]>(pendingRows);
  const [isRunning, setRunning] = useState(false);
  const running = useRef(false);

  const run = useCallback(async () => {
    if (!orgId || running.current) return;
    running.current = true;
    setRunning(true);
    setRows(pendingRows());
    try {
      for (const name of smokeChecks) {
        setRows((rs) => withRow(rs, { name, status: "running", message: null, timestamp: null, durationMs: null }));
        const started = performance.now();
        const row = await runSmokeCheck(orgId, name).then(rowOfResult, (error: unknown) => rowOfError(name, error, Math.round(performance.now() - started)));
        setRows((rs) => withRow(rs, row));
      }
    } finally {
      running.current = false;
      setRunning(false);
    }
  }, [orgId]);

  return { rows, isRunning, run };
}
