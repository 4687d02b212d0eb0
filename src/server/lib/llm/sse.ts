/** One server-sent event: its `event:` name (empty when absent) and its joined `data:` lines. */
export type SseMessage = { event: string; data: string };

/**
 * Reads a text/event-stream body event by event. Comments and fields other than event and data
 * are skipped; a last event without its blank line is still delivered when the body ends.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  const take = (line: string): SseMessage | undefined => {
    if (line === "") {
      const message = data.length > 0 ? { event, data: data.join("\n") } : undefined;
      event = "";
      data = [];
      return message;
    }
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    return undefined;
  };
  try {
    for (;;) {
      const chunk = await reader.read();
      buffer += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A lone CR at the end may be the first half of a CRLF still on its way.
        if (!chunk.done && end === buffer.length - 1 && buffer[end] === "\r") break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith("\r\n", end) ? 2 : 1));
        const message = take(line);
        if (message) yield message;
      }
      if (chunk.done) {
        const last = take(buffer) ?? take("");
        if (last) yield last;
        return;
      }
    }
  } finally {
    // Ends the connection when the caller stops early (Stop, or a break out of the loop).
    await reader.cancel().catch(() => undefined);
  }
}
