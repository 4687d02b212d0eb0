/**
 * Runs `work` once the page has loaded and the browser is idle: for code split off the first render
 * that must still be here before it is needed (a dialog opened offline cannot fetch its chunk).
 * Returns a cancel function for an effect's cleanup.
 */
export function whenIdle(work: () => void): () => void {
  let cancelled = false;
  let handle: number | undefined;
  const run = () => {
    if (cancelled) return;
    handle = typeof requestIdleCallback === "function" ? requestIdleCallback(() => !cancelled && work(), { timeout: 5_000 }) : window.setTimeout(() => !cancelled && work(), 1_000);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
    if (handle !== undefined && typeof cancelIdleCallback === "function") cancelIdleCallback(handle);
  };
}
