import type { MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { runWithRequestIp } from "../lib/request-ip";

export const CLIENT_IP_HEADER = "x-whq-client-ip";

/**
 * Rate limits key on the client address. A client can write any X-Forwarded-For it likes,
 * so the address comes from the socket unless TRUST_PROXY says a proxy in front sets it.
 */
export function clientIp(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    let ip = "";
    if (trustProxy) ip = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim() ?? "";
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address ?? "";
      } catch {
        ip = ""; // app.request() in tests has no socket
      }
    }
    c.req.raw.headers.set(CLIENT_IP_HEADER, ip || "127.0.0.1");
    c.set("clientIp", ip || "127.0.0.1");
    await runWithRequestIp(ip || "127.0.0.1", next);
  };
}
