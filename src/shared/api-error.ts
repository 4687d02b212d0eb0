export const errorCodes = [
  "bad_request",
  "unauthorized",
  "forbidden",
  // A personal access token with the read scope tried to change something: 403.
  "token_scope",
  // The organisation requires two-factor sign-in and the caller has not turned it on: 403.
  "two_factor_required",
  "not_found",
  "conflict",
  // A link that was valid once and is no longer (an expired invitation): 410.
  "gone",
  "plan_limit",
  "rate_limited",
  // A budget for what costs money or mail (model calls, invitations, scans…) is spent: 429, naming it and when it resets.
  "budget_exceeded",
  "payload_too_large",
  "unavailable",
  // A service the server called for this request (n8n) refused or failed; the message says which and why.
  "upstream_failed",
  "internal",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export type ApiErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    requestId?: string;
    fields?: Record<string, string>;
    /** budget_exceeded: which budget (lib/budgets.ts), its size, and when it resets (ISO time). */
    budget?: string;
    limit?: number;
    resetsAt?: string;
  };
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isStringRecord = (v: unknown): v is Record<string, string> => isRecord(v) && Object.values(v).every((s) => typeof s === "string");
const isErrorCode = (v: unknown): v is ErrorCode => (errorCodes as readonly unknown[]).includes(v);

export function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (!isRecord(data) || !isRecord(data.error)) return false;
  const { code, message, requestId, fields } = data.error;
  return isErrorCode(code) && typeof message === "string" && (requestId === undefined || typeof requestId === "string") && (fields === undefined || isStringRecord(fields));
}

/**
 * The browser reads every failed response through this, on every page, so it is a hand-written
 * guard rather than a zod schema: zod stays out of the bundle the public pages load. It answers
 * like zod's safeParse; `apiErrorBodySchema` (api-error-schema.ts) is the same contract in zod,
 * and a test keeps the two in step.
 */
export const apiErrorBody = {
  safeParse: (data: unknown): { success: true; data: ApiErrorBody } | { success: false } =>
    isApiErrorBody(data) ? { success: true, data } : { success: false },
};
