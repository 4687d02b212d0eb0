import type { Services } from "../../../context";

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
