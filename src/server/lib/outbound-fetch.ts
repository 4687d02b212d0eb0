import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { TLSSocket } from "node:tls";
import { isPublicAddress } from "./public-address";

/**
 * The one way to call a URL a user gave (docs/decisions/007-outbound-fetch.md). Each hop's host
 * is resolved once, every address is checked, and the connection goes to the checked address, so
 * a second DNS answer cannot swap in a private one. Redirects are followed by hand and re-checked.
 */
export type OutboundInit = { method?: string; headers?: Record<string, string>; body?: string | Uint8Array };
export type ResolvedAddress = { address: string; family: number };
export type OutboundOptions = {
  /** For the whole exchange: every hop, and reading the body to its end. */
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  maxRedirects?: number;
  /** Seams for tests only: a fake resolver, and an exception to the public-address rule. */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  isAllowedAddress?: (address: string, hostname: string) => boolean;
  /** For tests only: the one certificate authority trusted instead of the system's (a local https fixture). */
  ca?: string;
};
/** The server's certificate on an https answer (its dates), for checks such as the project scan's expiry. */
export type PeerCertificate = { validFrom: string; validTo: string };
export type OutboundStreamResponse = { status: number; headers: Headers; url: string; body: ReadableStream<Uint8Array>; certificate?: PeerCertificate };
export type OutboundResponse = { status: number; headers: Headers; url: string; text: string; certificate?: PeerCertificate };

export type OutboundErrorKind = "blocked" | "bad_url" | "unreachable" | "timeout" | "too_large" | "too_many_redirects" | "aborted";
/** Its message is for the user: it never names an address, a header or a credential. */
export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
  ) {
    super(message);
  }
}
export class OutboundBlocked extends OutboundError {
  constructor() {
    super("blocked", "That URL leads to a private address, which We Love HQ does not call");
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Sent to the host the caller chose, not to whichever host it redirects to.
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie", "x-api-key"];

/** Calls the URL and reads the whole answer as text, within the size cap. */
export async function outboundFetch(url: string, init: OutboundInit, options: OutboundOptions): Promise<OutboundResponse> {
  const res = await outboundStream(url, init, options);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parts.push(chunk.value);
  return { status: res.status, headers: res.headers, url: res.url, text: Buffer.concat(parts).toString("utf8"), ...(res.certificate ? { certificate: res.certificate } : {}) };
}

/** Calls the URL and hands back the body as it arrives (an SSE answer), within both caps. */
export async function outboundStream(url: string, init: OutboundInit, options: OutboundOptions): Promise<OutboundStreamResponse> {
  const exchange = startExchange(options);
  try {
    const { res, finalUrl } = await followRedirects(checkUrl(url), init, options, exchange);
    const length = Number(res.headers["content-length"]);
    if (length > options.maxBytes) throw tooLarge(options.maxBytes);
    const certificate = peerCertificate(res);
    return { status: res.statusCode ?? 0, headers: toHeaders(res), url: finalUrl.href, body: capBody(res, options.maxBytes, exchange), ...(certificate ? { certificate } : {}) };
  } catch (error) {
    exchange.end();
    throw exchange.explain(error);
  }
}

type Exchange = { signal: AbortSignal; end: () => void; explain: (error: unknown) => OutboundError };

/** One abort for the whole exchange: the caller's signal or the deadline, whichever comes first. */
function startExchange(options: OutboundOptions): Exchange {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  return {
    signal: controller.signal,
    end: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    },
    explain: (error) => {
      if (error instanceof OutboundError) return error;
      if (timedOut) return new OutboundError("timeout", `No answer within ${formatMs(options.timeoutMs)}`);
      if (controller.signal.aborted) return new OutboundError("aborted", "The request was stopped");
      return new OutboundError("unreachable", `Could not reach that URL: ${networkReason(error)}`);
    },
  };
}

async function followRedirects(first: URL, init: OutboundInit, options: OutboundOptions, exchange: Exchange) {
  const maxRedirects = options.maxRedirects ?? 3;
  let url = first;
  let { method = "GET", headers = {}, body } = init;
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(url, { method, headers, body }, options, exchange.signal);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode ?? 0) || !location) return { res, finalUrl: url };
    res.destroy();
    if (hop >= maxRedirects) throw new OutboundError("too_many_redirects", `That URL redirected more than ${maxRedirects} times`);
    const next = checkUrl(resolveLocation(location, url));
    if (next.origin !== url.origin) headers = omit(headers, CREDENTIAL_HEADERS);
    // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
    if (res.statusCode === 303 || (method === "POST" && (res.statusCode === 301 || res.statusCode === 302))) {
      method = "GET";
      body = undefined;
      headers = omit(headers, ["content-type", "content-length"]);
    }
    url = next;
  }
}

/** Parses and normalises: WHATWG URL already turns 0x7f.1 or 2130706433 into 127.0.0.1. */
function checkUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundError("bad_url", "That is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundError("bad_url", "Only http and https URLs can be called");
  url.username = "";
  url.password = "";
  return url;
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new OutboundError("bad_url", "That URL redirected to an invalid address");
  }
}

async function requestOnce(url: URL, init: Required<Pick<OutboundInit, "method" | "headers">> & OutboundInit, options: OutboundOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const pinned = await vetHost(hostname, options);
  const isHttps = url.protocol === "https:";
  const headers: OutgoingHttpHeaders = { ...init.headers, host: url.host };
  if (init.body !== undefined) headers["content-length"] = Buffer.byteLength(init.body);
  const send = isHttps ? httpsRequest : httpRequest;
  return new Promise<IncomingMessage>((resolve, reject) => {
    // host is the checked address; Host and SNI keep the name, so virtual hosts and TLS verification still see it.
    const req = send({
      host: pinned.address,
      family: pinned.family,
      port: url.port || (isHttps ? 443 : 80),
      path: url.pathname + url.search,
      method: init.method,
      headers,
      agent: false,
      signal,
      ...(isHttps && !isIP(hostname) ? { servername: hostname } : {}),
      ...(isHttps && options.ca ? { ca: options.ca } : {}),
    });
    req.once("response", resolve);
    req.once("error", reject);
    req.end(init.body);
  });
}

/** Resolves the name (all answers) and refuses if any answer is not public; returns the one to use. */
async function vetHost(hostname: string, options: OutboundOptions): Promise<ResolvedAddress> {
  const isAllowed = (address: string) => (options.isAllowedAddress ? options.isAllowedAddress(address, hostname) : isPublicAddress(address));
  // RFC 6761: these names are loopback whatever a resolver says.
  if (/(^|\.)localhost\.?$/i.test(hostname)) throw new OutboundBlocked();
  const family = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: hostname, family }];
  else {
    try {
      addresses = await (options.lookup ?? systemLookup)(hostname);
    } catch {
      throw new OutboundError("unreachable", "Could not reach that URL: host not found");
    }
  }
  if (addresses.length === 0) throw new OutboundError("unreachable", "Could not reach that URL: host not found");
  if (!addresses.every((a) => isAllowed(a.address))) throw new OutboundBlocked();
  return addresses[0]!;
}

const systemLookup = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** The body as a web stream that errors once it passes maxBytes, and ends the exchange when done. */
function capBody(res: IncomingMessage, maxBytes: number, exchange: Exchange): ReadableStream<Uint8Array> {
  let received = 0;
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: OutboundError) => {
        if (settled) return;
        settled = true;
        exchange.end();
        res.destroy();
        controller.error(error);
      };
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        received += chunk.length;
        if (received > maxBytes) return fail(tooLarge(maxBytes));
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 1) <= 0) res.pause();
      });
      res.once("end", () => {
        if (settled) return;
        settled = true;
        exchange.end();
        controller.close();
      });
      res.once("error", (error) => fail(exchange.explain(error)));
      // A reset or an abort can close the message without an error event.
      res.once("close", () => fail(exchange.explain(new Error("closed"))));
      exchange.signal.addEventListener("abort", () => fail(exchange.explain(new Error("aborted"))), { once: true });
    },
    pull() {
      res.resume();
    },
    cancel() {
      settled = true;
      exchange.end();
      res.destroy();
    },
  });
}

/** Read when the answer arrives: verification already passed, or the request would have failed. */
function peerCertificate(res: IncomingMessage): PeerCertificate | undefined {
  if (!(res.socket instanceof TLSSocket)) return undefined;
  const cert = res.socket.getPeerCertificate();
  const validFrom = new Date(cert?.valid_from ?? "");
  const validTo = new Date(cert?.valid_to ?? "");
  if (Number.isNaN(validFrom.getTime()) || Number.isNaN(validTo.getTime())) return undefined;
  return { validFrom: validFrom.toISOString(), validTo: validTo.toISOString() };
}

function toHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function omit(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())));
}

/** Built from error codes only (fetch puts them on `cause`), so no address or URL can leak into the message. */
export function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET") return "connection reset";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return "no route to host";
  if (typeof code === "string" && /CERT|SSL|TLS|SELF_SIGNED|VERIFY/.test(code)) return "its certificate could not be verified";
  if (typeof code === "string" && /^[A-Z_]+$/.test(code)) return `network error (${code})`;
  return "network error";
}

const tooLarge = (maxBytes: number) => new OutboundError("too_large", `The answer was larger than ${formatBytes(maxBytes)}`);
export const formatMs = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} bytes`);
