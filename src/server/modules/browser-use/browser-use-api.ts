import { z } from "zod";

/**
 * Browser Use's cloud API, version 2 (https://docs.browser-use.com/cloud/openapi/v2.json): the key
 * goes in `X-Browser-Use-API-Key`; GET /api/v2/billing/account answers only a valid key;
 * POST /api/v2/tasks starts a task (202 {id, sessionId}); GET /api/v2/tasks/{id} reads its status
 * (created, started, paused, finished, stopped), output and isSuccess. Only the operator's base URL
 * (BROWSER_USE_API_BASE) is called, never one a user gave, so plain fetch is enough here.
 */
export type BrowserUseConfig = { baseUrl: string; timeoutMs: number };

/** What a call came to: an answer with a status, or no answer at all (with a reason safe to show). */
export type BrowserUseReply<T> = { kind: "ok"; value: T } | { kind: "refused"; status: number; detail: string | null } | { kind: "unreachable"; reason: string };

const createdTask = z.object({ id: z.string().min(1).max(200) });
const taskView = z.object({
  id: z.string(),
  status: z.string(),
  output: z.string().nullish(),
  isSuccess: z.boolean().nullish(),
});
export type RemoteTask = z.infer<typeof taskView>;

/** Browser Use's task statuses that end a task; the others (created, started, paused) are waited on. */
export const isFinalStatus = (status: string) => status === "finished" || status === "stopped";

export const checkAccount = (config: BrowserUseConfig, apiKey: string) => call(config, apiKey, "GET", "/api/v2/billing/account", null, z.unknown());

export const createRemoteTask = (config: BrowserUseConfig, apiKey: string, task: string) => call(config, apiKey, "POST", "/api/v2/tasks", { task }, createdTask);

export const getRemoteTask = (config: BrowserUseConfig, apiKey: string, id: string) => call(config, apiKey, "GET", `/api/v2/tasks/${encodeURIComponent(id)}`, null, taskView);

async function call<T>(config: BrowserUseConfig, apiKey: string, method: string, path: string, body: object | null, shape: z.ZodType<T>): Promise<BrowserUseReply<T>> {
  let res: Response;
  try {
    res = await fetch(config.baseUrl.replace(/\/+$/, "") + path, {
      method,
      redirect: "manual",
      signal: AbortSignal.timeout(config.timeoutMs),
      headers: { "x-browser-use-api-key": apiKey, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    return { kind: "unreachable", reason: networkReason(error, config.timeoutMs) };
  }
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    return { kind: "unreachable", reason: networkReason(error, config.timeoutMs) };
  }
  if (res.status < 200 || res.status >= 300) return { kind: "refused", status: res.status, detail: detailOf(text) };
  const parsed = shape.safeParse(safeJson(text));
  if (!parsed.success) return { kind: "refused", status: res.status, detail: "the answer was not in Browser Use's format" };
  return { kind: "ok", value: parsed.data };
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Browser Use answers errors as {detail: "..."} (FastAPI); a short one is worth showing, nothing else is. */
function detailOf(text: string): string | null {
  const body = safeJson(text) as { detail?: unknown; message?: unknown } | undefined;
  const detail = typeof body?.detail === "string" ? body.detail : typeof body?.message === "string" ? body.message : null;
  return detail ? detail.slice(0, 200) : null;
}

/** A short reason built from error names and codes only, so nothing from the request can leak. */
function networkReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return timeoutMs % 1000 === 0 ? `no answer within ${timeoutMs / 1000} s` : `no answer within ${timeoutMs} ms`;
  }
  const code = error instanceof Error ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (code === "ECONNRESET") return "connection reset";
  return "network error";
}
