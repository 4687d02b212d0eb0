import { OutboundError, outboundFetch, outboundStream } from "../../lib/outbound-fetch";
import { tokenizeHtml } from "./project-html";
import { allowAll, parseRobots, type RobotsRules } from "./project-robots";
import type { ScanSeams } from "./project-fetch-site";

/**
 * The scan's link check: from the page already fetched it follows same-site links (same origin),
 * reading up to `maxPages` pages and checking up to `maxLinks` links, within `totalMs`, robots.txt
 * respected, every request through the outbound guard. Links to other sites are not called.
 */
export const CRAWL_LIMITS = { maxPages: 20, maxLinks: 100, totalMs: 10_000, requestMs: 4_000, pageBytes: 2 * 1024 * 1024, concurrency: 3 };
export type CrawlLimits = typeof CRAWL_LIMITS;

export type BrokenLink = { url: string; foundOn: string; status: number | null; reason: string };
export type LinkCrawl = { pages: number; links: number; broken: BrokenLink[]; stoppedEarly: boolean };

const USER_AGENT = "WeLoveHQ-ProjectHealth/1.0 (+project self-healing scan)";
const HTML = /^(text\/html|application\/xhtml\+xml)/i;

export async function crawlLinks(start: URL, startHtml: string, seams: ScanSeams = {}, limits: CrawlLimits = CRAWL_LIMITS): Promise<LinkCrawl> {
  const deadline = AbortSignal.timeout(limits.totalMs);
  const options = { timeoutMs: limits.requestMs, maxBytes: limits.pageBytes, signal: deadline, ...seams };
  const robots = await readRobots(start, options);
  const seen = new Set<string>([key(start)]);
  const queue: { url: URL; html: string }[] = [{ url: start, html: startHtml }];
  const result: LinkCrawl = { pages: 1, links: 0, broken: [], stoppedEarly: false };
  while (queue.length && !deadline.aborted) {
    const page = queue.shift()!;
    const fresh = sameSiteLinks(page.html, page.url).filter((url) => robots.allows(url.pathname + url.search) && !seen.has(key(url)));
    for (const url of fresh) seen.add(key(url));
    if (result.links + fresh.length > limits.maxLinks) result.stoppedEarly = true;
    const batch = fresh.slice(0, Math.max(0, limits.maxLinks - result.links));
    await eachLimited(batch, limits.concurrency, async (url) => {
      if (deadline.aborted) return;
      result.links++;
      const readPage = result.pages < limits.maxPages;
      if (readPage) result.pages++;
      const checked = await checkLink(url, readPage, options);
      if (deadline.aborted && checked.broken && checked.status === null) return; // Our budget ran out, not their site.
      if (checked.broken) result.broken.push({ url: url.href, foundOn: page.url.href, status: checked.status, reason: checked.reason });
      else if (checked.html !== undefined) queue.push({ url, html: checked.html });
    });
  }
  if (deadline.aborted || queue.length) result.stoppedEarly = true;
  return result;
}

type Options = Parameters<typeof outboundFetch>[2];
type Checked = { broken: true; status: number | null; reason: string } | { broken: false; html?: string };

/** A page to read is fetched whole (GET); any other link is asked with HEAD, then GET on 405/501. */
async function checkLink(url: URL, readPage: boolean, options: Options): Promise<Checked> {
  try {
    if (readPage) {
      const res = await outboundFetch(url.href, { headers: { "user-agent": USER_AGENT, accept: "text/html" } }, options);
      if (res.status >= 400) return { broken: true, status: res.status, reason: `HTTP ${res.status}` };
      // A redirect to another site is followed for the status, but that site is not crawled.
      const stayed = new URL(res.url).origin === url.origin;
      return { broken: false, ...(stayed && HTML.test(res.headers.get("content-type") ?? "") ? { html: res.text } : {}) };
    }
    let status = await statusOf(url, "HEAD", options);
    if (status === 405 || status === 501) status = await statusOf(url, "GET", options);
    return status >= 400 ? { broken: true, status, reason: `HTTP ${status}` } : { broken: false };
  } catch (error) {
    if (error instanceof OutboundError && error.kind === "too_large") return { broken: false };
    if (error instanceof OutboundError) return { broken: true, status: null, reason: error.message };
    throw error;
  }
}

async function statusOf(url: URL, method: "HEAD" | "GET", options: Options): Promise<number> {
  const res = await outboundStream(url.href, { method, headers: { "user-agent": USER_AGENT } }, options);
  await res.body.cancel();
  return res.status;
}

/** No robots.txt (404) or none readable allows everything, as RFC 9309 says. */
async function readRobots(start: URL, options: Options): Promise<RobotsRules> {
  try {
    const res = await outboundFetch(new URL("/robots.txt", start).href, { headers: { "user-agent": USER_AGENT, accept: "text/plain" } }, { ...options, maxBytes: 500 * 1024 });
    return res.status === 200 ? parseRobots(res.text) : allowAll;
  } catch {
    return allowAll;
  }
}

export function sameSiteLinks(html: string, base: URL): URL[] {
  const found = new Map<string, URL>();
  for (const e of tokenizeHtml(html)) {
    if (e.tag !== "a" && e.tag !== "area") continue;
    const href = e.attrs.get("href")?.trim();
    if (!href || href.startsWith("#")) continue;
    try {
      const url = new URL(href, base);
      url.hash = "";
      if (url.origin === base.origin && !found.has(url.href)) found.set(url.href, url);
    } catch {
      // An unparsable href leads nowhere in a browser either.
    }
  }
  return [...found.values()];
}

const key = (url: URL) => {
  const copy = new URL(url);
  copy.hash = "";
  return copy.href;
};

async function eachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
