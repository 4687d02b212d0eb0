import { randomUUID } from "node:crypto";
import { publishChange } from "../../lib/events";
import { msSince, reasonOf, requireOrigin, SmokeFailure, type SmokeCtx, type SmokeOutcome } from "./smoke-context";

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/** Reads the stream's events until one satisfies `isIt`; the caller's abort signal bounds the wait. */
async function waitForEvent(reader: Reader, state: { text: string }, isIt: (event: string, data: string) => boolean): Promise<boolean> {
  const decoder = new TextDecoder();
  for (;;) {
    let end: number;
    while ((end = state.text.indexOf("\n\n")) >= 0) {
      const block = state.text.slice(0, end);
      state.text = state.text.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? "message";
      const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join("\n");
      if (isIt(event, data)) return true;
      if (event === "end") throw new SmokeFailure(`the event stream ended (${data})`);
    }
    const chunk = await reader.read();
    if (chunk.done) return false;
    state.text += decoder.decode(chunk.value, { stream: true }).replace(/\r\n/g, "\n");
  }
}

/**
 * The organisation's event stream, opened over HTTP with the caller's cookie as a browser does;
 * a change published for this check (through Postgres NOTIFY, like every write's) must arrive on it.
 */
export async function checkSse(ctx: SmokeCtx): Promise<SmokeOutcome> {
  const origin = requireOrigin(ctx);
  const { services, scope } = ctx;
  const timeoutMs = services.env.SMOKE_SSE_TIMEOUT_MS;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DOMException("time-out", "TimeoutError")), timeoutMs);
  const token = randomUUID();
  const started = performance.now();
  try {
    const res = await fetch(`${origin}/api/v1/organisations/${scope.orgId}/events`, { headers: { cookie: ctx.cookie ?? "", accept: "text/event-stream" }, signal: abort.signal });
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      throw new SmokeFailure(res.status === 429 ? "too many event streams are open for you or this address (close a tab and run again)" : `the event stream answered ${res.status}`);
    }
    const reader = res.body.getReader();
    const state = { text: "" };
    if (!(await waitForEvent(reader, state, (event) => event === "ready"))) throw new SmokeFailure("the event stream closed before it was ready");
    await publishChange(services.database.db, scope.orgId, { entity: "smoke", id: token, action: "created" });
    if (!(await waitForEvent(reader, state, (event, data) => event === "change" && data.includes(token)))) throw new SmokeFailure("the event stream closed before the change arrived");
    return { status: "pass", message: `A published change arrived on the event stream in ${msSince(started)} ms` };
  } catch (error) {
    if (error instanceof SmokeFailure) throw error;
    throw new SmokeFailure(abort.signal.aborted ? `no change arrived on the event stream within ${timeoutMs / 1000} s` : `the event stream failed: ${reasonOf(error, timeoutMs)}`);
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}
