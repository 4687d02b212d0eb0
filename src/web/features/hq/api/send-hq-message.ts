import { apiErrorBody } from "@/shared/api-error";
import { hqMessageResponse, type HqMessageInput, type HqMessageResponse } from "@/shared/hq";
import { ApiError } from "@/web/lib/api";
import { connectivity } from "@/web/lib/connectivity";
import { handleUnauthorized } from "@/web/lib/session-expiry";

const path = "/api/v1/hq/messages";

/**
 * POST /api/v1/hq/messages. Not through api(): a switchboard that did not answer comes back as a
 * 502 with { ok: false, error }, which is an answer from our server, not a sign that it is down, so
 * it is read here and counted as reachable. Anything else that fails is thrown as ApiError.
 */
export async function sendHqMessage(input: HqMessageInput): Promise<HqMessageResponse> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) throw new ApiError(0, "network", "You are offline");
  const startedAt = performance.now();
  let res: Response;
  try {
    res = await fetch(path, { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(input) });
  } catch {
    connectivity.failed(startedAt);
    throw new ApiError(0, "network", "The server cannot be reached");
  }
  const data: unknown = await res.json().catch(() => null);
  const answer = hqMessageResponse.safeParse(data);
  if (answer.success) {
    connectivity.succeeded(startedAt);
    return answer.data;
  }
  if (res.status === 401 && handleUnauthorized(path)) return new Promise<never>(() => {});
  const error = apiErrorBody.safeParse(data);
  if (error.success) throw new ApiError(res.status, error.data.error.code, error.data.error.message, error.data.error.fields, undefined, true);
  throw new ApiError(res.status, res.status >= 500 ? "unavailable" : "bad_request", res.statusText || `HTTP ${res.status}`);
}
