import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { clientDatabaseError, describeDatabaseError, statementHead } from "./database-errors";

// Drizzle wraps the driver's error as its cause, with the statement and every parameter.
const wrapped = (code: string, message = "boom") =>
  Object.assign(new Error(`Failed query: insert into "tasks" values ($1)\nparams: SECRET-TITLE`), { query: 'insert into "tasks" values ($1)', params: ["SECRET-TITLE"], cause: Object.assign(new Error(message), { code }) });

describe("clientDatabaseError", () => {
  it.each([
    ["22P02", "bad_request"],
    ["22021", "bad_request"],
    ["22008", "bad_request"],
    ["22009", "bad_request"],
    ["22003", "bad_request"],
    ["2201B", "bad_request"],
    ["23502", "bad_request"],
    ["23514", "bad_request"],
    ["23505", "conflict"],
    ["23503", "conflict"],
    ["54000", "bad_request"],
    ["54001", "bad_request"],
    ["40001", "unavailable"],
    ["40P01", "unavailable"],
  ])("maps SQLSTATE %s to %s", (code, expected) => {
    expect(clientDatabaseError(wrapped(code))?.code).toBe(expected);
  });

  it("leaves our own bugs (undefined table, syntax) and non-database errors to be a 500", () => {
    expect(clientDatabaseError(wrapped("42P01"))).toBeUndefined();
    expect(clientDatabaseError(wrapped("42601"))).toBeUndefined();
    expect(clientDatabaseError(new TypeError("x"))).toBeUndefined();
  });

  it("says which limit: too large, and an unknown time zone with its field", () => {
    expect(clientDatabaseError(wrapped("54000"))?.message).toBe("A value in the request is too large");
    const tz = clientDatabaseError(wrapped("22023", 'time zone "Mars/Phobos" not recognized'));
    expect(tz?.message).toBe("Unknown time zone");
    expect(tz?.fields).toEqual({ tz: "Unknown time zone" });
  });
});

describe("describeDatabaseError", () => {
  it("keeps the SQLSTATE and the kind of statement, never the parameters", () => {
    const described = describeDatabaseError(wrapped("23505"));
    expect(described).toMatchObject({ sqlstate: "23505", statement: "insert into tasks" });
    expect(JSON.stringify(described)).not.toContain("SECRET-TITLE");
    expect(statementHead('  select "id", "name"\n from "planes" where')).toBe("select id, name");
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The error this database really throws for a statement, through Drizzle as the app meets it. */
async function failureOf(run: (db: TestApp["services"]["database"]["db"]) => Promise<unknown>): Promise<unknown> {
  try {
    await run(t.services.database.db);
  } catch (error) {
    return error;
  }
  throw new Error("the statement did not fail");
}

describe("on this database", () => {
  it("maps what a client can provoke to 4xx", async () => {
    const nul = await failureOf((db) => db.execute(sql`select ${"a\u0000b"}::text`));
    expect(clientDatabaseError(nul)?.code).toBe("bad_request");
    const zone = await failureOf((db) => db.execute(sql`select now() at time zone ${"Mars/Phobos"}`));
    expect(clientDatabaseError(zone)?.fields).toEqual({ tz: "Unknown time zone" });
    const far = await failureOf((db) => db.execute(sql`select ${"+275760-09-13T00:00:00.000Z"}::timestamptz`));
    expect(clientDatabaseError(far)?.code).toBe("bad_request");
    // An index entry over Postgres's 2,704-byte limit: program limit exceeded (class 54).
    const big = await failureOf((db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table fuzz_big (v text primary key) on commit drop`);
        await tx.execute(sql`insert into fuzz_big select string_agg(md5(i::text), '') from generate_series(1, 300) i`);
      }),
    );
    expect(clientDatabaseError(big)?.message).toBe("A value in the request is too large");
  });

  it("leaves a broken statement to be a 500, described without its parameters", async () => {
    const broken = await failureOf((db) => db.execute(sql`insert into no_such_table values (${"SECRET-VALUE"})`));
    expect(clientDatabaseError(broken)).toBeUndefined();
    const described = describeDatabaseError(broken);
    expect(described).toMatchObject({ sqlstate: "42P01", statement: "insert into no_such_table" });
    expect(JSON.stringify(described)).not.toContain("SECRET-VALUE");
  });
});
