import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { timeZone } from "@/shared/work";
import { createTestApp, type TestApp } from "../testing/test-app";
import { orgUser, type OrgUser } from "../testing/work-fixtures";
import { ensureKnownTimeZone, timeZonesOf } from "./time-zones";

let t: TestApp;
let u: OrgUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await orgUser(t.app, t.services.database.db, "zones");
});
afterAll(async () => t.close());

// Names Node's Intl accepts that Postgres refuses: retired aliases.
const retired = ["US/Pacific-New", "Canada/East-Saskatchewan"];

describe("the database's time zones", () => {
  it("are loaded once per database and matched case-insensitively", async () => {
    const db = t.services.database.db;
    expect(timeZonesOf(db)).toBe(timeZonesOf(db));
    for (const tz of ["UTC", "utc", "Europe/London", "europe/london", "Asia/Kolkata", "Asia/Calcutta", "America/Argentina/Buenos_Aires"]) await ensureKnownTimeZone(db, tz);
  });

  it("refuse what Postgres does not know, even when Intl does", async () => {
    for (const tz of retired) {
      expect(timeZone.safeParse(tz).success, `${tz} passes the shared schema`).toBe(true);
      await expect(ensureKnownTimeZone(t.services.database.db, tz)).rejects.toMatchObject({ code: "bad_request", fields: { tz: "Unknown time zone" } });
    }
  });

  it("answer 400 on the task list and counts, never 500", async () => {
    for (const tz of [...retired, "Mars/Phobos", "Etc/GMT+14", "+01:00", ""]) {
      for (const path of [`/tasks/counts?tz=${encodeURIComponent(tz)}`, `/tasks?view=today&tz=${encodeURIComponent(tz)}`, `/tasks?view=overdue&tz=${encodeURIComponent(tz)}`]) {
        const res = await u.api("GET", path);
        expect(res.status, `${path} -> ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body).toMatchObject({ error: { fields: { tz: expect.any(String) } } });
      }
    }
    expect((await u.api("GET", "/tasks/counts?tz=Asia%2FKathmandu")).status).toBe(200);
  });
});
