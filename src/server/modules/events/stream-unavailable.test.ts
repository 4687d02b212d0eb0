import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HealthResponse } from "@/shared/functions";
import { call } from "../../testing/http";
import { openStream } from "../../testing/sse-stream";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { openTestDatabase, type TestDatabase } from "../../testing/test-database";
import { orgUser, type OrgUser } from "../../testing/work-fixtures";

// The database works but LISTEN does not (too many clients, say): the listen function is the
// driver boundary, so it is the one thing replaced; it fails until the test lets it succeed. A
// stream waits about one connect timeout (+0.5 s) for LISTEN, and brings the next try within 1 s.
let database: TestDatabase;
let t: TestApp;
let u: OrgUser;
let refuse = true;
let attempts = 0;
beforeAll(async () => {
  database = await openTestDatabase();
  const listen: TestDatabase["listen"] = async (...args) => {
    attempts++;
    if (refuse) throw Object.assign(new Error("sorry, too many clients already"), { code: "53300" });
    return database.listen(...args);
  };
  t = await createTestApp({}, { ...database, listen, connectTimeoutMs: 700 });
  u = await orgUser(t.app, database.db, "no-listen");
});
afterAll(async () => t?.close());

const health = async () => (await call(t.app, "GET", "/functions/v1/health")).body as HealthResponse;

describe("a stream when the server cannot LISTEN", () => {
  it("ends with `end` reason unavailable instead of staying open and silent", async () => {
    const stream = await openStream(t.app, u.orgId, u.cookie);
    expect(stream.status).toBe(200);
    const end = await stream.waitFor((e) => e.event === "end");
    expect(JSON.parse(end.data)).toEqual({ reason: "unavailable" });
    expect(stream.events.map((e) => e.event)).toEqual(["end"]);
    for (let i = 0; i < 50 && !stream.isEnded(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(stream.isEnded()).toBe(true);
    // The health check names the listener, not the database, and the API still answers.
    const body = await health();
    expect(body).toMatchObject({ ok: false, db: true, parts: { database: { ok: true }, listener: { ok: false } } });
    expect(body.parts.listener.since).not.toBeNull();
  });

  it("does not remember the failure: once LISTEN works, the next stream is live", async () => {
    const before = attempts;
    refuse = false;
    const stream = await openStream(t.app, u.orgId, u.cookie);
    await stream.waitFor((e) => e.event === "ready");
    expect(attempts).toBeGreaterThan(before);
    const created = await u.api("POST", "/planes", { name: "Heard" });
    expect(created.status).toBe(201);
    await stream.waitFor((e) => e.event === "change");
    await stream.close();
    expect(await health()).toMatchObject({ ok: true, parts: { listener: { ok: true } } });
  });
});
