import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGES_CHANNEL } from "../../lib/events";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { orgUser, type OrgUser } from "../../testing/work-fixtures";
import { MAX_QUEUED_CHANGES } from "./routes";

let t: TestApp;
let u: OrgUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await orgUser(t.app, t.services.database.db, "backpressure");
});
afterAll(async () => {
  await t?.close();
});

describe("a stream whose reader stops reading", () => {
  it("keeps at most a bounded queue, then sends one resync instead of what it dropped", async () => {
    const abort = new AbortController();
    const res = await t.app.request(`${TEST_ORIGIN}${u.base}/events`, { headers: { cookie: u.cookie, origin: TEST_ORIGIN }, signal: abort.signal }, { incoming: { socket: { remoteAddress: "10.5.5.5" } } });
    const reader = res.body!.getReader();
    await reader.read(); // ready
    const sent = MAX_QUEUED_CHANGES * 3;
    // The reader is idle while three times the queue's worth of changes commit.
    await t.services.database.db.execute(sql`
      select pg_notify(${CHANGES_CHANNEL}, json_build_object('org_id', ${u.orgId}::uuid, 'entity', 'task', 'id', gen_random_uuid(), 'action', 'created')::text)
      from generate_series(1, ${sent})`);
    await new Promise((r) => setTimeout(r, 300));
    let text = "";
    const decoder = new TextDecoder();
    for (;;) {
      const next = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 500))]);
      if (!next || next.done) break;
      text += decoder.decode(next.value, { stream: true });
      if (text.includes("event: resync")) break;
    }
    abort.abort();
    await reader.cancel().catch(() => undefined);
    const delivered = text.split("event: change").length - 1;
    expect(text).toContain("event: resync");
    expect(delivered).toBeLessThan(sent);
    expect(delivered).toBeLessThanOrEqual(MAX_QUEUED_CHANGES + 5);
  });
});
