/** n8n's own health endpoint, GET {N8N_BASE}/healthz; true only on a 2xx within the time cap. */
export async function isN8nHealthy(n8nBase: string, timeoutMs: number): Promise<{ ok: boolean; detail: string }> {
  const url = `${n8nBase.replace(/\/+$/, "")}/healthz`;
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.ok ? { ok: true, detail: `n8n is up at ${n8nBase}` } : { ok: false, detail: `n8n answered ${res.status} at ${url}` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { ok: false, detail: timedOut ? `n8n did not answer within ${Math.round(timeoutMs / 1000)} s at ${url}` : `n8n is unreachable at ${n8nBase}` };
  }
}
