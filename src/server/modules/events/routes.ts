import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../context";
import type { Change } from "../../lib/events";
import { ctxOf, orgScope } from "../organisations/org-scope";

const HEARTBEAT_MS = 25_000; // the spec's realtime heartbeat; keeps proxies from closing an idle stream

/** Server-sent events: every change to the organisation's planes, projects and tasks, as it commits. */
export const eventRoutes = new Hono<AppEnv>().use("*", orgScope).get("/", (c) => {
  const { scope } = ctxOf(c);
  const hub = c.get("services").changes;
  return streamSSE(c, async (stream) => {
    const queue: Change[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = await hub.subscribe(scope.orgId, (change) => {
      queue.push(change);
      wake?.();
    });
    stream.onAbort(() => {
      unsubscribe();
      wake?.();
    });
    await stream.writeSSE({ event: "ready", data: JSON.stringify({ org_id: scope.orgId }) });
    while (!stream.aborted) {
      const next = queue.shift();
      if (next) {
        await stream.writeSSE({ event: "change", data: JSON.stringify(next) });
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, HEARTBEAT_MS).unref?.();
      });
      wake = undefined;
      if (queue.length === 0 && !stream.aborted) await stream.write(": heartbeat\n\n");
    }
    unsubscribe();
  });
});
