import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app";
import type { Change } from "../../lib/events";
import { call } from "../../testing/http";
import { openTwoInstances, type TestApp, type TwoInstances } from "../../testing/test-app";
import type { TestDatabase } from "../../testing/test-database";
import { openStream as openSseStream, type SseEvent, type SseStream } from "../../testing/sse-stream";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../../testing/work-fixtures";

// Two instances on one database: on the PostgreSQL server each has its own pool and LISTEN
// connection, as two processes would; on PGlite they share the one in-process handle.
let instances: TwoInstances | undefined;
let database: TestDatabase;
let one: TestApp;
let two: TestApp;
let a: OrgUser;
let b: OrgUser;
let projectA: string;
let projectB: string;
beforeAll(async () => {
  instances = await openTwoInstances();
  ({ database, a: one, b: two } = instances);
  [a, b] = await Promise.all([orgUser(one.app, database.db, "events-a"), orgUser(one.app, database.db, "events-b")]);
  projectA = await createProjectVia(a, await createPlaneVia(a, "Live"), "Live project");
  projectB = await createProjectVia(b, await createPlaneVia(b, "Other"), "Other project");
});
afterAll(async () => {
  for (const s of streams) await s.close();
  await instances?.close();
});

const streams: SseStream[] = [];
async function openStream(app: App, orgId: string, cookie: string): Promise<SseStream> {
  const stream = await openSseStream(app, orgId, cookie);
  streams.push(stream);
  return stream;
}

const changeOf = (e: SseEvent) => (e.event === "change" ? (JSON.parse(e.data) as Change) : undefined);
const isChangeTo = (id: string) => (e: SseEvent) => changeOf(e)?.id === id;

describe("the change feed", () => {
  it("announces itself, then delivers a task created through the API", async () => {
    const stream = await openStream(one.app, a.orgId, a.cookie);
    expect(stream.status).toBe(200);
    expect(JSON.parse((await stream.waitFor((e) => e.event === "ready")).data)).toEqual({ org_id: a.orgId });
    const taskId = await createTaskVia(a, projectA, "Announce me");
    expect(changeOf(await stream.waitFor(isChangeTo(taskId)))).toEqual({ org_id: a.orgId, entity: "task", id: taskId, action: "created" });
    await stream.close();
  });

  it("keeps another organisation's changes out of the stream", async () => {
    const stream = await openStream(one.app, a.orgId, a.cookie);
    await stream.waitFor((e) => e.event === "ready");
    const theirs = await createTaskVia(b, projectB, "Not for A");
    // Notifications arrive in commit order, so once A's own change is here, B's would have been too.
    const mine = await createTaskVia(a, projectA, "For A");
    await stream.waitFor(isChangeTo(mine));
    expect(stream.events.some(isChangeTo(theirs))).toBe(false);
    expect(stream.events.every((e) => e.event !== "change" || changeOf(e)?.org_id === a.orgId)).toBe(true);
    await stream.close();
  });

  it("refuses another organisation's user, and a signed-out caller", async () => {
    expect((await openStream(one.app, a.orgId, b.cookie)).status).toBe(404);
    expect((await openStream(one.app, a.orgId, "")).status).toBe(401);
  });

  it("carries a write on one instance to a stream served by another", async () => {
    const stream = await openStream(one.app, a.orgId, a.cookie);
    await stream.waitFor((e) => e.event === "ready");
    const viaTwo: OrgUser = { ...a, api: (method, path, body) => call(two.app, method, `${a.base}${path}`, { cookie: a.cookie, body }) };
    const taskId = await createTaskVia(viaTwo, projectA, "Written on instance two");
    expect(changeOf(await stream.waitFor(isChangeTo(taskId)))).toMatchObject({ entity: "task", action: "created" });
    await stream.close();
  });
});
