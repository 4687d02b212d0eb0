import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { ResyncReason, StreamEnd, StreamEndReason, StreamResync } from "@/shared/changes";
import type { AppEnv } from "../../context";
import { isDatabaseUnavailable } from "../../lib/database-errors";
import { ListenerUnavailableError, type Change, type HubEvent } from "../../lib/events";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { streamAccess } from "./stream-access";
import { closeStreamLease, openStreamLease, renewStreamLease } from "./stream-lease";

const HEARTBEAT_MS = 25_000; // the spec's realtime heartbeat; keeps proxies from closing an idle stream
// A reader that stops reading must not grow the server's memory: past this, it gets one resync.
export const MAX_QUEUED_CHANGES = 500;

// The data of the feed's other events, in the shapes shared/changes.ts gives the browser.
const resyncData = (reason: ResyncReason) => JSON.stringify({ reason } satisfies StreamResync);
const endData = (reason: StreamEndReason) => JSON.stringify({ reason } satisfies StreamEnd);

/** Server-sent events: every change to the organisation's planes, projects and tasks, as it commits. */
export const eventRoutes = new Hono<AppEnv>().use("*", orgScope).get("/", async (c) => {
  const { scope, db } = ctxOf(c);
  const services = c.get("services");
  const checkEveryMs = services.env.STREAM_ACCESS_CHECK_MS;
  const headers = new Headers(c.req.raw.headers);
  const leaseId = await openStreamLease(db, { userId: scope.userId, orgId: scope.orgId, max: services.env.LIMIT_STREAMS_PER_USER });
  // nginx and proxies like it hold a response back to fill their buffer unless told not to.
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    const queue: Change[] = [];
    // Set when changes may have been missed; the queue is dropped, one resync replaces it.
    let resync: ResyncReason | undefined;
    let ended: "ok" | StreamEndReason = "ok";
    let wake: (() => void) | undefined;
    const onEvent = (event: HubEvent) => {
      if (event.type === "end") ended = event.reason;
      else if (event.type === "resync" || queue.length >= MAX_QUEUED_CHANGES) {
        queue.length = 0;
        resync ??= event.type === "resync" ? event.reason : "overflow";
      } else if (!resync) queue.push(event.change);
      wake?.();
    };
    let unsubscribe: (() => void) | undefined;
    let ticker: NodeJS.Timeout | undefined;
    try {
      unsubscribe = await services.changes.subscribe(scope.orgId, onEvent).catch((e: unknown) => (e instanceof ListenerUnavailableError ? undefined : Promise.reject(e)));
      // No LISTEN to be had: a stream that stayed open would never say anything, so it ends and
      // tells the browser to come back later.
      if (!unsubscribe) return void (await stream.writeSSE({ event: "end", data: endData("unavailable") }));
      // The stream's one timer: each tick may send the heartbeat and asks again whether the caller may listen.
      ticker = setInterval(() => wake?.(), Math.min(checkEveryMs, 5_000));
      stream.onAbort(() => wake?.());
      let lastWrite = Date.now();
      let lastCheck = Date.now();
      await stream.writeSSE({ event: "ready", data: JSON.stringify({ org_id: scope.orgId }) });
      while (!stream.aborted && ended === "ok") {
        if (resync) {
          const reason = resync;
          resync = undefined;
          await stream.writeSSE({ event: "resync", data: resyncData(reason) });
          lastWrite = Date.now();
          continue;
        }
        const next = queue.shift();
        if (next) {
          await stream.writeSSE({ event: "change", data: JSON.stringify(next) });
          lastWrite = Date.now();
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        const now = Date.now();
        if (ended === "ok" && now - lastCheck >= checkEveryMs) {
          lastCheck = now;
          // While the database is away the stream stays open: it cannot tell, so it does not guess.
          const access = await streamAccess(services, headers, scope.userId, scope.orgId).catch((e: unknown) => (isDatabaseUnavailable(e) ? "ok" : Promise.reject(e)));
          if (ended === "ok") ended = access;
          await renewStreamLease(db, leaseId).catch(() => undefined);
        }
        if (ended === "ok" && now - lastWrite >= HEARTBEAT_MS && !stream.aborted) {
          await stream.write(": heartbeat\n\n");
          lastWrite = now;
        }
      }
      if (ended !== "ok" && !stream.aborted) await stream.writeSSE({ event: "end", data: endData(ended) });
    } finally {
      clearInterval(ticker);
      unsubscribe?.();
      await closeStreamLease(db, leaseId).catch(() => undefined);
    }
  });
});
