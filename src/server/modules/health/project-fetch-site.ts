import { OutboundError, outboundFetch, outboundStream, type OutboundOptions, type PeerCertificate } from "../../lib/outbound-fetch";
import { linkedResources } from "./project-analyse-html";

/** Test seams of outbound-fetch (docs/decisions/007-outbound-fetch.md); production passes none. */
export type ScanSeams = Pick<OutboundOptions, "lookup" | "isAllowedAddress" | "ca">;

export type MeasuredResource = { url: string; kind: "script" | "style"; bytes: number | null; capped: boolean };
export type SiteSnapshot = { url: URL; status: number; headers: Headers; html: string; htmlBytes: number; certificate?: PeerCertificate; resources: MeasuredResource[] };
export type SiteFetch = { ok: true; site: SiteSnapshot } | { ok: false; error: OutboundError };

/**
 * One scan's budget: the whole fetch stays within about 12 s (the route answers synchronously),
 * the page within 10 s and 2 MB, then up to 8 scripts and stylesheets, 3 at a time, each read up
 * to 1.5 MB, within what is left of the 12 s and at most 4 s.
 */
export const SCAN_LIMITS = { totalMs: 12_000, pageMs: 10_000, pageBytes: 2 * 1024 * 1024, resourcesMs: 4_000, resourceBytes: 1.5 * 1024 * 1024, maxResources: 8, concurrency: 3 };
export type ScanLimits = typeof SCAN_LIMITS;

const HEADERS = { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5", "user-agent": "WeLoveHQ-ProjectHealth/1.0 (+project self-healing scan)" };

export async function fetchSite(url: string, seams: ScanSeams = {}, limits: ScanLimits = SCAN_LIMITS): Promise<SiteFetch> {
  const started = Date.now();
  let page;
  try {
    page = await outboundFetch(url, { headers: HEADERS }, { timeoutMs: limits.pageMs, maxBytes: limits.pageBytes, ...seams });
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, error };
    throw error;
  }
  const finalUrl = new URL(page.url);
  const site: SiteSnapshot = { url: finalUrl, status: page.status, headers: page.headers, html: page.text, htmlBytes: Buffer.byteLength(page.text), resources: [], ...(page.certificate ? { certificate: page.certificate } : {}) };
  if (page.status >= 400) return { ok: true, site };
  const budget = Math.min(limits.resourcesMs, limits.totalMs - (Date.now() - started));
  if (budget > 0) site.resources = await measureResources(linkedResources(page.text, finalUrl).slice(0, limits.maxResources), seams, limits, budget);
  return { ok: true, site };
}

/** Sizes by reading each body (many servers send no Content-Length), every one through the guard. */
async function measureResources(list: { url: string; kind: "script" | "style" }[], seams: ScanSeams, limits: ScanLimits, budgetMs: number): Promise<MeasuredResource[]> {
  const deadline = AbortSignal.timeout(budgetMs);
  const results: MeasuredResource[] = [];
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const item = list[next++]!;
      results.push({ ...item, ...(await measureOne(item.url, seams, limits, deadline)) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limits.concurrency, list.length) }, worker));
  return list.map((item) => results.find((r) => r.url === item.url)!);
}

async function measureOne(url: string, seams: ScanSeams, limits: ScanLimits, signal: AbortSignal): Promise<{ bytes: number | null; capped: boolean }> {
  try {
    const res = await outboundStream(url, { headers: { "user-agent": HEADERS["user-agent"] } }, { timeoutMs: limits.resourcesMs, maxBytes: limits.resourceBytes, signal, ...seams });
    if (res.status >= 400) {
      await res.body.cancel();
      return { bytes: null, capped: false };
    }
    let bytes = 0;
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    return { bytes, capped: false };
  } catch (error) {
    if (error instanceof OutboundError && error.kind === "too_large") return { bytes: limits.resourceBytes, capped: true };
    // Blocked, unreachable or out of time: its size stays unknown and the report says so.
    return { bytes: null, capped: false };
  }
}
