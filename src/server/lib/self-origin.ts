import type { Context } from "hono";
import type { AppEnv, Services } from "../context";

// Where this server reaches itself over HTTP (smoke tests, platform scans): one place, two ways to know it.
type SocketLike = { localAddress?: unknown; localPort?: unknown };

/**
 * The address this request arrived on: the smoke tests call this very server there, over HTTP,
 * as a browser would. Taken from the socket, never from Host (a client could name any host).
 * Null when the request did not come through a socket (app.request in tests).
 */
export function selfOrigin(c: Context<AppEnv>): string | null {
  const socket = (c.env as { incoming?: { socket?: SocketLike } } | undefined)?.incoming?.socket;
  const address = typeof socket?.localAddress === "string" ? socket.localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "") : null;
  const port = typeof socket?.localPort === "number" ? socket.localPort : null;
  if (!address || !port) return null;
  return `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
}

const origins = new WeakMap<Services, string>();

/**
 * Where the server reaches itself for the auth and server-function checks: the address it
 * listens on, once start-server.ts has it (a loopback call that needs no DNS or proxy), else the
 * configured APP_URL. Tests that serve the app on a port of their own register that.
 */
export function setSelfOrigin(services: Services, origin: string): void {
  origins.set(services, origin.replace(/\/+$/, ""));
}

export const selfOriginOf = (services: Services): string => origins.get(services) ?? services.env.APP_URL;

/** The address to call for a server listening on host:port ("0.0.0.0" and "::" listen on loopback too). */
export function loopbackOrigin(host: string, port: number): string {
  if (host === "0.0.0.0" || host === "") return `http://127.0.0.1:${port}`;
  if (host === "::") return `http://[::1]:${port}`;
  return host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}
