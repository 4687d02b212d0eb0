import type { App } from "../app";
import { TEST_ORIGIN } from "./test-app";

const randomIp = () => `10.${rnd()}.${rnd()}.${rnd()}`;
const rnd = () => Math.floor(Math.random() * 254) + 1;

export type Call = { status: number; headers: Headers; body: unknown; cookie: string };

/** A small client for app.request(): JSON in and out, the same-origin header a browser sends. */
export async function call(app: App, method: string, path: string, options: { body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string } = {}): Promise<Call> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const init = {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
  };
  // Stands in for the socket @hono/node-server would pass; a fresh address per call unless a
  // test pins one, so rate limits only bite where a test means them to.
  const socket = { remoteAddress: options.ip ?? randomIp() };
  const res = await app.request(`${TEST_ORIGIN}${path}`, init, { incoming: { socket } });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c!.endsWith("="))
    .join("; ");
  return { status: res.status, headers: res.headers, body, cookie };
}
