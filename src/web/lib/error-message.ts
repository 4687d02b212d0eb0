import type { TFunction } from "i18next";
import { ApiError, isUnreachable } from "./api";

type Options = {
  /** The caller's own text for a failure the user cannot act on (a 5xx, an unexpected error). */
  fallback?: string;
  /** A save: offline, say nothing was saved; unreachable, that the change was not saved. */
  isWrite?: boolean;
  /** Whether the browser is offline now; read from navigator when not given. */
  isOffline?: boolean;
};

const browserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/**
 * The one text a failed request shows, translated. Our server's own words are kept for refusals
 * written for users (validation, not found, plan limit, a role that changed: 4xx with our error
 * body); a 5xx or anything unexpected never shows what the server said.
 */
export function errorMessage(error: unknown, t: TFunction, options: Options = {}): string {
  const { fallback, isWrite = false } = options;
  const isOffline = options.isOffline ?? browserOffline();
  if (!(error instanceof ApiError)) return isOffline ? t(isWrite ? "errors.offlineSave" : "errors.offline") : (fallback ?? t("errors.unexpected"));
  if (error.code === "network" && isOffline) return t(isWrite ? "errors.offlineSave" : "errors.offline");
  const isAway: boolean = isUnreachable(error); // a plain boolean: the guard would narrow `error` to never below
  if (isAway) return t(isWrite ? "connectivity.writeFailed" : "errors.unreachable");
  if (error.status === 401) return t("errors.sessionExpired");
  // A spent budget (model calls, invitations, scans…): the server's words name it and when it resets.
  if (error.status === 429 && error.code === "budget_exceeded" && error.isOwnMessage && error.message) return error.message;
  if (error.status === 429) {
    const seconds = error.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    return seconds === undefined ? t("errors.rateLimitedNoWait") : t("errors.rateLimited", { count: seconds });
  }
  if (error.status >= 500) return fallback ?? t("errors.server");
  // The role changed since the page loaded: "Only an organisation owner can ..." says what to do.
  if (error.status === 403) return error.isOwnMessage && error.message ? error.message : t("errors.forbidden");
  if (error.isOwnMessage && error.message) return error.message;
  return fallback ?? t("errors.unexpected");
}
