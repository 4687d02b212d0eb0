import { apiErrorBody, type ErrorCode } from "@/shared/api-error";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "network",
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** JSON over fetch with the session cookie; failures become ApiError with the server's code. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached");
  }
  const data: unknown = await res.json().catch(() => null);
  if (res.ok) return data as T;
  const parsed = apiErrorBody.safeParse(data);
  if (parsed.success) throw new ApiError(res.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.fields);
  const message = data && typeof data === "object" && "error" in data && typeof data.error === "string" ? data.error : res.statusText;
  throw new ApiError(res.status, res.status === 403 ? "forbidden" : res.status === 429 ? "rate_limited" : res.status >= 500 ? "unavailable" : "bad_request", message);
}

export const isUnreachable = (e: unknown) => e instanceof ApiError && (e.code === "network" || e.status === 502 || e.status === 503 || e.status === 504);

/**
 * The server's own words when it refused on policy: "Only an organisation owner can ..." (the
 * role changed since the page loaded) or "Too many requests. Please wait N seconds ...". Those say
 * what to do; anything else gets the caller's generic text.
 */
export const refusalMessage = (e: unknown, fallback: string) =>
  e instanceof ApiError && (e.code === "forbidden" || e.code === "rate_limited") && e.message ? e.message : fallback;
