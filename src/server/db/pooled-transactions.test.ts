import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../lib/database-errors";
import type { Db } from "./client";
import { withPooledTransactions } from "./pooled-transactions";
import { retryTransactions } from "./retry-transactions";
import * as schema from "./schema";

// A stand-in for pg.Pool at the driver boundary: each client answers statements as the test
// scripts them and records how it was released. "dead" fails every statement as a broken
// connection does; "work-dies" lets BEGIN through and then breaks.
type Script = "healthy" | "dead" | "work-dies";
type FakeClient = { statements: string[]; releasedWith: unknown; released: boolean };
function fakePool(scripts: Script[]) {
  const clients: FakeClient[] = [];
  const pool = {
    connect: async () => {
      const script = scripts.shift() ?? "healthy";
      const record: FakeClient = { statements: [], releasedWith: undefined, released: false };
      clients.push(record);
      let status = "I";
      const lost = () => Promise.reject(new Error("Client has encountered a connection error and is not queryable"));
      return {
        query: async (config: { text: string }) => {
          record.statements.push(config.text);
          if (script === "dead" || (script === "work-dies" && config.text !== "begin")) {
            status = "T";
            return lost();
          }
          status = config.text === "begin" ? "T" : config.text === "commit" || config.text === "rollback" ? "I" : status;
          return { rows: [], rowCount: 0, command: "SELECT", fields: [] };
        },
        getTransactionStatus: () => status,
        release: (err?: unknown) => {
          record.released = true;
          record.releasedWith = err;
        },
      };
    },
  };
  return { pool: pool as unknown as pg.Pool, clients };
}

// As openPostgres composes them: the retry of a dead BEGIN is retryTransactions'.
const dbOn = (pool: pg.Pool) => retryTransactions(withPooledTransactions(drizzle({ client: pool, schema }) as unknown as Db, pool));

describe("transactions on the pool", () => {
  it("commits and returns a healthy client as healthy", async () => {
    const { pool, clients } = fakePool(["healthy"]);
    expect(await dbOn(pool).transaction(async (tx) => (await tx.execute(sql`select 1`), "done"))).toBe("done");
    expect(clients[0]).toMatchObject({ statements: ["begin", "select 1", "commit"], released: true, releasedWith: undefined });
  });

  it("rolls back a failed piece of work and still returns the client as healthy", async () => {
    const { pool, clients } = fakePool(["healthy"]);
    await expect(dbOn(pool).transaction(async () => Promise.reject(new Error("not found")))).rejects.toThrow("not found");
    expect(clients[0]).toMatchObject({ statements: ["begin", "rollback"], released: true, releasedWith: undefined });
  });

  it("returns a client whose BEGIN failed (drizzle would keep it for good), and tries once more on another", async () => {
    const { pool, clients } = fakePool(["dead", "healthy"]);
    expect(await dbOn(pool).transaction(async () => "second time")).toBe("second time");
    expect(clients).toHaveLength(2);
    expect(clients[0]!.released).toBe(true);
    expect(clients[0]!.releasedWith).toBeInstanceOf(Error);
    expect(clients[1]).toMatchObject({ released: true, releasedWith: undefined });
  });

  it("gives up after the second dead connection, with the connection's error", async () => {
    const { pool, clients } = fakePool(["dead", "dead", "healthy"]);
    await expect(dbOn(pool).transaction(async () => "never")).rejects.toSatisfy(isDatabaseUnavailable);
    expect(clients).toHaveLength(2);
    expect(clients.every((c) => c.released && c.releasedWith instanceof Error)).toBe(true);
  });

  it("throws the work's own error when the connection broke under it, and discards the client", async () => {
    const { pool, clients } = fakePool(["work-dies"]);
    const failed = dbOn(pool).transaction(async (tx) => tx.execute(sql`select 1`));
    await expect(failed).rejects.toThrow(/Failed query: select 1/);
    expect(clients).toHaveLength(1);
    expect(clients[0]!.releasedWith).toBeInstanceOf(Error);
  });

  it("keeps the options drizzle was given, such as its logger", async () => {
    const { pool } = fakePool(["healthy"]);
    const logged: string[] = [];
    const db = drizzle({ client: pool, schema, logger: { logQuery: (query) => logged.push(query) } }) as unknown as Db;
    await withPooledTransactions(db, pool).transaction(async (tx) => tx.execute(sql`select 1`));
    expect(logged).toEqual(["begin", "select 1", "commit"]);
  });
});
