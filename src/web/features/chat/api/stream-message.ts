import type { z } from "zod";
import { apiErrorBody } from "@/shared/api-error";
import { chatStreamEvents, type ChatStreamEventName, type SendChatMessageInput } from "@/shared/chat";
import { ApiError } from "@/web/lib/api";
import { readerLanguageHeader } from "@/web/lib/reader-language";
import { handleUnauthorized } from "@/web/lib/session-expiry";
import { readSseStream } from "@/web/lib/sse-parser";
import { orgPath } from "@/web/features/organisations/use-org-id";

export type ChatStreamEvent = { [K in ChatStreamEventName]: { name: K; data: z.infer<(typeof chatStreamEvents)[K]> } }[ChatStreamEventName];

const isEventName = (name: string): name is ChatStreamEventName => Object.hasOwn(chatStreamEvents, name);

/** One SSE event checked against the contract; anything else (keep-alives, unknown names, bad JSON) is skipped. */
export function parseChatEvent(name: string, data: string): ChatStreamEvent | null {
  if (!isEventName(name)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = chatStreamEvents[name].safeParse(json);
  return parsed.success ? ({ name, data: parsed.data } as ChatStreamEvent) : null;
}

/**
 * POSTs a message and hands each event of the streamed reply to `onEvent` as it arrives (fetch
 * and a stream reader: EventSource cannot POST). A refusal before the stream starts throws an
 * ApiError; aborting `signal` (Stop) rejects with an AbortError.
 */
export async function streamChatMessage(orgId: string, input: SendChatMessageInput, onEvent: (event: ChatStreamEvent) => void, signal: AbortSignal): Promise<void> {
  const path = orgPath(orgId, "/chat/messages");
  let res: Response;
  try {
    res = await fetch(path, { method: "POST", credentials: "same-origin", headers: { ...readerLanguageHeader(), "Content-Type": "application/json", Accept: "text/event-stream" }, body: JSON.stringify(input), signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, "network", "The server cannot be reached");
  }
  if (!res.ok || !res.body) {
    if (res.status === 401 && handleUnauthorized(path)) return new Promise<never>(() => {});
    const parsed = apiErrorBody.safeParse(await res.json().catch(() => null));
    if (parsed.success) throw new ApiError(res.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.fields, undefined, true);
    throw new ApiError(res.status, res.status >= 500 ? "unavailable" : "bad_request", res.statusText);
  }
  await readSseStream(res.body, ({ event, data }) => {
    const parsed = parseChatEvent(event, data);
    if (parsed) onEvent(parsed);
  });
}
