import type { App } from "../app";
import { TEST_ORIGIN } from "./test-app";

export type SseEvent = { event: string; data: string };
export type SseStream = { status: number; headers: Headers; events: SseEvent[]; waitFor: (match: (e: SseEvent) => boolean, ms?: number) => Promise<SseEvent>; close: () => Promise<void>; isEnded: () => boolean };

/**
 * Reads named events (`event:` and `data:` lines, as the server writes them) until the stream ends
 * or fails; a caller stops early by cancelling the reader. The tests' one SSE reader.
 */
export async function readSseEvents(reader: ReadableStreamDefaultReader<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const chunk = await reader.read().catch(() => undefined);
    if (!chunk || chunk.done) return;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end).split("\n");
      buffer = buffer.slice(end + 2);
      const value = (key: string) => block.find((l) => l.startsWith(`${key}: `))?.slice(key.length + 2) ?? "";
      if (value("event")) onEvent({ event: value("event"), data: value("data") });
    }
  }
}

/** Opens the change feed and reads it in the background, as EventSource would. */
export async function openStream(app: App, orgId: string, cookie: string, ip = "10.9.9.9"): Promise<SseStream> {
  const abort = new AbortController();
  const init = { headers: { origin: TEST_ORIGIN, cookie, accept: "text/event-stream" }, signal: abort.signal };
  const res = await app.request(`${TEST_ORIGIN}/api/v1/organisations/${orgId}/events`, init, { incoming: { socket: { remoteAddress: ip } } });
  const events: SseEvent[] = [];
  const reader = res.status === 200 ? res.body!.getReader() : undefined;
  let ended = false;
  const pump = (reader ? readSseEvents(reader, (e) => events.push(e)) : Promise.resolve()).then(() => void (ended = true));
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    events,
    waitFor: async (match, ms = 5000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    isEnded: () => ended,
    close: async () => {
      abort.abort();
      await reader?.cancel().catch(() => undefined);
      await pump;
    },
  };
  return stream;
}

