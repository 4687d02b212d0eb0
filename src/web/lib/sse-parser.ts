/** One server-sent event: its name ("message" when the stream gave none) and its data lines joined. */
export type SseEvent = { event: string; data: string; id?: string };

/**
 * An incremental parser for a text/event-stream body (the WHATWG rules): feed it text as it
 * arrives, in chunks cut anywhere, and it calls `onEvent` for each complete event. Comments
 * (":" lines) and events without data are dropped; CRLF, CR and LF all end a line.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = "";
  let data: string[] = [];
  let name = "";
  let id: string | undefined;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: name || "message", data: data.join("\n"), ...(id === undefined ? {} : { id }) });
    data = [];
    name = "";
  };

  const line = (text: string) => {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") name = value;
    else if (field === "id" && !value.includes("\0")) id = value;
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk to know.
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match || (match[0] === "\r" && match.index === buffer.length - 1)) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    /** The stream ended: a held CR ends its line; an unfinished line or event is dropped, as the spec says. */
    end() {
      if (buffer.endsWith("\r")) line(buffer.slice(0, -1));
      buffer = "";
      data = [];
      name = "";
    },
  };
}

/** Reads a fetch body as server-sent events until it ends (or the request's signal aborts it). */
export async function readSseStream(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<void> {
  const parser = createSseParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // stream: a character cut between two chunks is held until its last bytes arrive.
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
