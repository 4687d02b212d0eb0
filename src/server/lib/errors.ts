import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "@/shared/api-error";
import type { Language } from "@/shared/languages";

const statusOf: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  token_scope: 403,
  two_factor_required: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  plan_limit: 402,
  rate_limited: 429,
  budget_exceeded: 429,
  payload_too_large: 413,
  unavailable: 503,
  // 424 Failed Dependency: the request was fine, a service it needed was not (never a 5xx the browser would hide).
  upstream_failed: 424,
  internal: 500,
};

export class AppError extends Error {
  /**
   * The fields in another language, when they cannot be translated from their English text
   * (zod's own messages: a parse error re-reads the input in the reader's language).
   */
  fieldsIn?: (lang: Language) => Record<string, string>;
  /** budget_exceeded: which budget, its size and when it resets, sent beside the message. */
  details?: { budget: string; limit: number; resetsAt: string };

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** When to come back, sent as Retry-After: a 429 says it; a 503 is passing, so 1 s by default. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): ContentfulStatusCode {
    return statusOf[this.code];
  }
}

/** Turns a failed condition into an AppError, so handlers read as a list of rules. */
export function ensure(condition: unknown, code: ErrorCode, message: string): asserts condition {
  if (!condition) throw new AppError(code, message);
}
