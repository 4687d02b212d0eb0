import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeCursor } from "../modules/tasks/task-cursor";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../testing/work-fixtures";
import { decodeCreatedCursor, encodeCreatedCursor } from "./created-cursor";

const id = randomUUID();
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
// Instants no list can have produced: past what JavaScript or Postgres write as four-digit years.
const outOfRange = ["+275760-09-13T00:00:00.000Z", "275760-09-13T00:00:00.000Z", "0000-01-01T00:00:00.000Z", "-000001-01-01T00:00:00.000Z", "2024-02-30T00:00:00.000Z", "2024-01-01"];

describe("cursor decoding", () => {
  it("refuses instants outside years 1 to 9999 and anything a list did not write", () => {
    for (const at of outOfRange) {
      expect(() => decodeCursor(cursorOf([at, id])), at).toThrow(/cursor/);
      expect(() => decodeCreatedCursor(cursorOf([`${at.slice(0, 23)}000Z`, id])), at).toThrow(/cursor/);
    }
    expect(() => decodeCursor(cursorOf([null, "-".repeat(36)]))).toThrow(/cursor/);
    expect(() => decodeCursor("garbage")).toThrow(/cursor/);
  });

  it("accepts the extremes of the range and round-trips what the lists write", () => {
    expect(decodeCursor(cursorOf(["0001-01-01T00:00:00.000Z", id]))).toEqual({ dueAt: "0001-01-01T00:00:00.000Z", id });
    expect(decodeCursor(cursorOf(["9999-12-31T23:59:59.999Z", id])).dueAt).toBe("9999-12-31T23:59:59.999Z");
    expect(decodeCursor(cursorOf([null, id]))).toEqual({ dueAt: null, id });
    const position = { at: "9999-12-31T23:59:59.999999Z", id };
    expect(decodeCreatedCursor(encodeCreatedCursor(position))).toEqual(position);
  });
});

let t: TestApp;
let u: OrgUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await orgUser(t.app, t.services.database.db, "cursor-range");
  await createTaskVia(u, await createProjectVia(u, await createPlaneVia(u, "Range"), "Range"), "Far", { due_at: "9999-12-31T23:59:59.999Z" });
});
afterAll(async () => t.close());

describe("pages at the edges of time", () => {
  it("answer 400 for a cursor out of range and 200 at its edges, on every paged list", async () => {
    for (const list of ["/tasks", "/planes", "/projects", "/audit"]) {
      for (const at of outOfRange) {
        const micros = list === "/tasks" ? at : `${at.slice(0, 23)}000Z`;
        const res = await u.api("GET", `${list}?cursor=${cursorOf([micros, id])}`);
        expect(res.status, `${list} ${at}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body).toMatchObject({ error: { fields: { cursor: expect.any(String) } } });
      }
      const edge = list === "/tasks" ? "9999-12-31T23:59:59.999Z" : "0001-01-01T00:00:00.000000Z";
      expect((await u.api("GET", `${list}?cursor=${cursorOf([edge, id])}`)).status, list).toBe(200);
    }
  });
});
