import type { App } from "../app";
import { TEST_ORIGIN } from "./test-app";
import { readSseEvents, type SseEvent } from "./sse-stream";

export type ChatReply = { status: number; headers: Headers; events: SseEvent[]; json: unknown; data: <T>(event: string) => T | undefined };

/**
 * POSTs a chat message and reads the event stream to its end, as the browser does. With
 * `stopAfter`, the reader goes away once that event arrives (the user pressed Stop).
 */
export async function sendChat(app: App, path: string, cookie: string, body: unknown, options: { stopAfter?: string; language?: string } = {}): Promise<ChatReply> {
  const abort = new AbortController();
  const res = await app.request(
    `${TEST_ORIGIN}${path}`,
    { method: "POST", headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json", accept: "text/event-stream", ...(options.language ? { "accept-language": options.language } : {}) }, body: JSON.stringify(body), signal: abort.signal },
    { incoming: { socket: { remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } } },
  );
  const events: SseEvent[] = [];
  const data = <T>(event: string) => {
    const found = events.find((e) => e.event === event);
    return found ? (JSON.parse(found.data) as T) : undefined;
  };
  if (!res.headers.get("content-type")?.includes("text/event-stream")) {
    const text = await res.text();
    return { status: res.status, headers: res.headers, events, json: text ? (JSON.parse(text) as unknown) : null, data };
  }
  const reader = res.body!.getReader();
  await readSseEvents(reader, (e) => {
    events.push(e);
    if (e.event !== options.stopAfter) return;
    // The rest of this chunk is still read, then the next read finds the stream cancelled.
    abort.abort();
    void reader.cancel().catch(() => undefined);
  });
  return { status: res.status, headers: res.headers, events, json: null, data };
}
