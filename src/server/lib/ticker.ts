import type { Logger } from "./logger";

/**
 * Runs `work` every `everyMs` while the server runs; a run still going when the next is due is not
 * doubled, and a failed run is logged, never thrown. `stop` waits for the run in hand.
 */
export function startTicker(name: string, everyMs: number, work: () => Promise<unknown>, logger: Logger): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = work()
      .catch((error: unknown) => logger.warn(`${name} failed`, { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
