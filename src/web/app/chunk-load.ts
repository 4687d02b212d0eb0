import { storageKeys } from "@/web/lib/storage-keys";

// Loading a route's code: a failure is never remembered (the next render imports again), and a
// chunk that is gone because a new version was deployed reloads the page once.

/** Per tab: the chunk addresses a reload was already spent on, so a broken deploy never loops. */
const CHUNK_RELOAD_KEY = storageKeys.chunkReloads;

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && (error.name === "ChunkLoadError" || CHUNK_FAILURE.test(error.message));

/** The address the browser or Vite names in the message, if any. */
function chunkUrl(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /(https?:\/\/\S+|\/assets\/\S+)/.exec(error.message);
  return match?.[1]?.replace(/[.,;)]+$/, "") ?? null;
}

function reloadedFor(): string[] {
  try {
    const list: unknown = JSON.parse(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Whether the file is gone from the server (a deploy replaced it), not merely unreachable: asked
 * again, the server answers 404, or the page instead of JavaScript. A network failure is not.
 */
async function isGone(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: "HEAD", cache: "no-store" });
    if (res.status === 404 || res.status === 410) return true;
    const type = res.headers.get("Content-Type") ?? "";
    return res.ok && /text\/html/i.test(type);
  } catch {
    return false;
  }
}

/**
 * After a chunk failed: reload the page once if the chunk is gone from the server. Resolves true
 * when a reload was started (the caller then waits for it rather than showing an error).
 */
async function reloadIfChunkGone(error: unknown): Promise<boolean> {
  if (!isChunkLoadError(error)) return false;
  const url = chunkUrl(error);
  if (!url) return false;
  const key = new URL(url, location.href).pathname;
  const done = reloadedFor();
  if (done.includes(key)) return false;
  if (!(await isGone(url))) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, JSON.stringify([...done, key].slice(-20)));
  } catch {
    return false; // without the guard a reload could loop: show the error instead
  }
  location.reload();
  return true;
}

/** Runs `load`; a chunk gone after a deploy reloads the page (once) instead of failing. */
export async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    // The reload is under way: stay in the loading state until the page goes.
    if (await reloadIfChunkGone(error)) return new Promise<M>(() => undefined);
    throw error;
  }
}
