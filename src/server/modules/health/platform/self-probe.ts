/** One call from the server to itself; `answered` means it replied with the JSON its contract promises. */
export type ProbeAnswer = { answered: boolean; status: number | null; ms: number; detail: string };

const round = (ms: number) => Math.round(ms);

/**
 * GETs origin+path with a time cap. These are our own endpoints at our own address, not a URL a
 * user gave, so they do not go through outbound-fetch's guard (which refuses loopback).
 */
export async function probeSelf(origin: string, path: string, timeoutMs: number, isExpected: (body: unknown, status: number) => boolean): Promise<ProbeAnswer> {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" }, redirect: "manual" });
    const text = await res.text();
    const ms = round(performance.now() - started);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return { answered: false, status: res.status, ms, detail: `answered ${res.status} without JSON` };
    }
    // A failing answer fails, however well formed: "answered 503" is a health function saying it is not healthy.
    if (!res.ok) return { answered: false, status: res.status, ms, detail: `answered ${res.status} in ${ms} ms` };
    if (!isExpected(body, res.status)) return { answered: false, status: res.status, ms, detail: `answered ${res.status} with an unexpected body` };
    return { answered: true, status: res.status, ms, detail: `answered ${res.status} in ${ms} ms` };
  } catch (error) {
    const ms = round(performance.now() - started);
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { answered: false, status: null, ms, detail: timedOut ? `no answer within ${timeoutMs} ms` : `not reachable (${cause ?? (error instanceof Error ? error.message : String(error))})` };
  }
}

const hasBooleanOk = (body: unknown) => typeof body === "object" && body !== null && typeof (body as { ok?: unknown }).ok === "boolean";

/** The spec's functions the scan checks, with what counts as an answer from each. */
export const checkedFunctions = [
  // 503 from health fails this check too: the server cannot serve requests (the database check says why).
  { name: "health", path: "/functions/v1/health", isExpected: (body: unknown, status: number) => status === 200 && hasBooleanOk(body) },
  { name: "agent-ready", path: "/functions/v1/agent-ready", isExpected: (body: unknown, status: number) => status === 200 && hasBooleanOk(body) },
  { name: "release-info", path: "/functions/v1/release-info", isExpected: (body: unknown, status: number) => status === 200 && hasBooleanOk(body) },
] as const;

export const functionByPath = (path: string | null) => checkedFunctions.find((f) => f.path === path);

/** better-auth's get-session answers 200 with null when no one is signed in. */
export const isSessionAnswer = (body: unknown, status: number) => status === 200 && (body === null || typeof body === "object");
