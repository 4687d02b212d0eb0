import { APIError } from "better-auth/api";

/** "N minute(s)": the whole minutes `seconds` last, rounded up, at least one. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** better-auth's 429 for a limit of ours: the code and message in its body, when to come back in both it and Retry-After. */
export function tooManyRequests(code: string, message: string, retryAfterSeconds: number): APIError {
  return new APIError("TOO_MANY_REQUESTS", { code, message, retryAfter: retryAfterSeconds }, { "Retry-After": String(retryAfterSeconds) });
}
