import { describe, expect, it } from "vitest";
import { createSseParser, readSseStream, type SseEvent } from "./sse-parser";

const parse = (...chunks: string[]) => {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
};

describe("createSseParser", () => {
  it("reads named events with JSON data", () => {
    expect(parse('event: start\ndata: {"a":1}\n\nevent: delta\ndata: {"text":"Hi"}\n\n')).toEqual([
      { event: "start", data: '{"a":1}' },
      { event: "delta", data: '{"text":"Hi"}' },
    ]);
  });

  it("joins an event cut anywhere across chunks, including inside a CRLF", () => {
    const whole = 'event: delta\r\ndata: {"text":"Hello"}\r\n\r\n';
    for (let cut = 1; cut < whole.length; cut++) expect(parse(whole.slice(0, cut), whole.slice(cut))).toEqual([{ event: "delta", data: '{"text":"Hello"}' }]);
    expect(parse(..."event: x\rdata: 1\r\r".split(""))).toEqual([{ event: "x", data: "1" }]);
  });

  it("joins several data lines with newlines and names an unnamed event 'message'", () => {
    expect(parse("data: one\ndata: two\n\n")).toEqual([{ event: "message", data: "one\ntwo" }]);
  });

  it("drops comments, events without data and an event the stream ended before finishing", () => {
    expect(parse(": keep-alive\n\nevent: empty\n\ndata: kept\n\nevent: done\ndata: {}")).toEqual([{ event: "message", data: "kept" }]);
  });

  it("keeps the field value as given after one optional space, and remembers the last id", () => {
    expect(parse("id: 7\ndata:  two spaces\n\ndata:none\n\n")).toEqual([
      { event: "message", data: " two spaces", id: "7" },
      { event: "message", data: "none", id: "7" },
    ]);
  });

  it("does not carry an event name over to the next event", () => {
    expect(parse("event: delta\ndata: a\n\ndata: b\n\n").map((e) => e.event)).toEqual(["delta", "message"]);
  });
});

describe("readSseStream", () => {
  it("decodes bytes split inside a multi-byte character", async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Grüße ✓"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    await readSseStream(body, (e) => events.push(e));
    expect(events).toEqual([{ event: "delta", data: '{"text":"Grüße ✓"}' }]);
  });
});
