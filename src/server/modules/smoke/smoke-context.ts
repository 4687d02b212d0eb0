import type { Services } from "../../context";
import type { OrgScope } from "../organisations/require-membership";

/** What a check may use: the services, the caller's scope and cookie, and where this server answers. */
export type SmokeCtx = { services: Services; scope: OrgScope; now: () => Date; origin: string | null; cookie: string | null };

export type SmokeOutcome = { status: "pass" | "skipped"; message: string };

/** A check's honest failure; its message is prefixed with the check's label by the runner. */
export class SmokeFailure extends Error {}

/** The self-calls below answer in milliseconds; past this the server is in trouble, which is the finding. */
export const SELF_CALL_TIMEOUT_MS = 5_000;

export function requireOrigin(ctx: SmokeCtx): string {
  if (!ctx.origin) throw new SmokeFailure("this server's own address is not known (the request did not arrive over a socket)");
  return ctx.origin;
}

export const msSince = (started: number) => Math.max(0, Math.round(performance.now() - started));

/** fetch's failures in words: a time-out says how long was waited, anything else why. */
export function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return `no answer within ${timeoutMs / 1000} s`;
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
