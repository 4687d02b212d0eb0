import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../context";
import { isDatabaseUnavailable } from "../../lib/database-errors";
import type { Change } from "../../lib/events";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { streamAccess, type StreamAccess } from "./stream-access";
import { closeStreamLease, openStreamLease, renewStreamLease } from "./stream-lease";

const HEARTBEAT_MS = 25_000; // the spec's realtime heartbeat; keeps proxies from closing an idle stream
// A reader that stops reading must not grow the server's memory: past this, it gets one resync.
export const MAX_QUEUED_CHANGES = 500;

/** Server-sent events: every change to the organisation's planes, projects and tasks, as it commits. */
export const eventRoutes = new Hono<AppEnv>().use("*", orgScope).get("/", async (c) => {
  const { scope, db } = ctxOf(c);
  const services = c.get("services");
  const checkEveryMs = services.env.STREAM_ACCESS_CHECK_MS;
  const headers = new Headers(c.req.raw.headers);
  const leaseId = await openStreamLease(db, { userId: scope.userId, orgId: scope.orgId, max: services.env.LIMIT_STREAMS_PER_USER });
  return streamSSE(c, async (stream) => {
    const queue: Change[] = [];
    let overflowed = false;
    let wake: (() => void) | undefined;
    const unsubscribe = await services.changes.subscribe(scope.orgId, (change) => {
      if (queue.length >= MAX_QUEUED_CHANGES) {
        queue.length = 0;
        overflowed = true;
      } else if (!overflowed) queue.push(change);
      wake?.();
    });
    // The stream's one timer: each tick may send the heartbeat and asks again whether the caller may listen.
    const ticker = setInterval(() => wake?.(), Math.min(checkEveryMs, 5_000));
    stream.onAbort(() => wake?.());
    let lastWrite = Date.now();
    let lastCheck = Date.now();
    let ended: StreamAccess = "ok";
    try {
      await stream.writeSSE({ event: "ready", data: JSON.stringify({ org_id: scope.orgId }) });
      while (!stream.aborted && ended === "ok") {
        if (overflowed) {
          overflowed = false;
          await stream.writeSSE({ event: "resync", data: JSON.stringify({ reason: "overflow" }) });
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
        if (now - lastCheck >= checkEveryMs) {
          lastCheck = now;
          ended = await streamAccess(services, headers, scope.userId, scope.orgId).catch((e: unknown) => (isDatabaseUnavailable(e) ? "ok" : Promise.reject(e)));
          await renewStreamLease(db, leaseId).catch(() => undefined);
        }
        if (ended === "ok" && now - lastWrite >= HEARTBEAT_MS && !stream.aborted) {
          await stream.write(": heartbeat\n\n");
          lastWrite = now;
        }
      }
      if (ended !== "ok" && !stream.aborted) await stream.writeSSE({ event: "end", data: JSON.stringify({ reason: ended }) });
    } finally {
      clearInterval(ticker);
      unsubscribe();
      await closeStreamLease(db, leaseId).catch(() => undefined);
    }
  });
});
