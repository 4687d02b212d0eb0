import type { HookEndpointContext } from "better-auth";
import { CLIENT_IP_HEADER } from "./client-ip";

/** A string field of a request body that better-auth has not validated yet, or undefined. */
export function readField(body: unknown, field: string): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}

/** The address our clientIp middleware wrote; null for server-side calls that carry no request. */
export function hookIp(ctx: Pick<HookEndpointContext, "headers" | "request">): string | null {
  return ctx.headers?.get(CLIENT_IP_HEADER) ?? ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null;
}
