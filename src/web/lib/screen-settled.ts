import { whenIdle } from "./when-idle";

// Past this, the extras load even if a read never settles (a server that does not answer).
const LATEST_MS = 10_000;

type Reads = { pending: () => number; subscribe: (listener: () => void) => () => void };
// The query cache registers itself (query-client.ts); a page without one has no reads to wait for.
let reads: Reads = { pending: () => 0, subscribe: () => () => {} };

export function registerScreenReads(source: Reads): void {
  reads = source;
}

/**
 * Runs `work` once the page has loaded, the screen's own reads have arrived and the browser is idle:
 * for chunks the first screen does not show (the palette, the task form, the drawer, the toasts).
 * Started any earlier, they compete with the screen for the network and the main thread, and its
 * largest paint waits for them. Returns a cancel function for an effect's cleanup.
 */
export function whenScreenSettled(work: () => void): () => void {
  let done = false;
  let cancelIdle = () => {};
  let unsubscribe = () => {};
  const stop = () => {
    done = true;
    cancelIdle();
    unsubscribe();
    window.clearTimeout(latest);
  };
  const run = () => {
    if (done) return;
    stop();
    work();
  };
  const afterReads = () => {
    if (reads.pending() === 0) return run();
    unsubscribe = reads.subscribe(() => {
      if (done || reads.pending() > 0) return;
      unsubscribe();
      cancelIdle = whenIdle(run);
    });
  };
  const latest = window.setTimeout(run, LATEST_MS);
  cancelIdle = whenIdle(afterReads);
  return stop;
}
