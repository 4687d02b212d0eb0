import type { Context } from "hono";
import type { AppEnv } from "../../context";

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
