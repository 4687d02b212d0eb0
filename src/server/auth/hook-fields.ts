import type { HookEndpointContext } from "better-auth";
import { CLIENT_IP_HEADER } from "./client-ip";

/** A field of a request body that better-auth has not validated yet, or undefined. */
function fieldOf(body: unknown, field: string): unknown {
  if (!body || typeof body !== "object") return undefined;
  return (body as Record<string, unknown>)[field];
}

/** A string field of such a body, or undefined. */
export function readField(body: unknown, field: string): string | undefined {
  const value = fieldOf(body, field);
  return typeof value === "string" ? value : undefined;
}

/** A boolean field of such a body: true only when it is `true`. */
export const readFlag = (body: unknown, field: string): boolean => fieldOf(body, field) === true;

/** An address as it is stored, counted and compared: trimmed, lower-case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** The body's email field, normalised; undefined without one. */
export function readEmail(body: unknown): string | undefined {
  const email = readField(body, "email");
  return email === undefined ? undefined : normaliseEmail(email);
}

/** The address our clientIp middleware wrote; null for server-side calls that carry no request. */
export function hookIp(ctx: Pick<HookEndpointContext, "headers" | "request">): string | null {
  return ctx.headers?.get(CLIENT_IP_HEADER) ?? ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null;
}
