import type { Logger } from "../../lib/logger";
import { recordProbes, type ProbeDeps } from "./record-probes";

export type ProbeRecorder = { stop: () => Promise<void> };

/**
 * Records the probes at start and then every `intervalMs` (PROBE_INTERVAL_MS, a minute by
 * default; 0 turns it off). One recording at a time: a slow one delays the next, never overlaps it.
 */
export function startProbeRecorder(deps: ProbeDeps & { intervalMs: number; logger: Logger }): ProbeRecorder {
  if (deps.intervalMs <= 0) return { stop: async () => undefined };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = recordProbes(deps)
      .then(() => undefined)
      .catch((error: unknown) => deps.logger.warn("probe recording failed", { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, deps.intervalMs).unref();
      });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
