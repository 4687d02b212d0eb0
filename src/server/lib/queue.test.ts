import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestDatabase } from "../testing/test-database";
import { testLogger } from "../testing/test-log";
import { createQueue, type Queue } from "./queue";

let database: Database;
let queue: Queue;
const seen: unknown[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  queue = createQueue(database, testLogger("unit"), { pollingIntervalSeconds: 0.5 });
  await queue.start([{ queue: "probe", handle: async ({ data }) => void seen.push(data) }]);
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

async function until(isDone: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!isDone() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

describe("the job queue (pg-boss on our database handle)", () => {
  it("delivers a job sent now and one sent for later, in order", async () => {
    await queue.send("probe", { n: 1 });
    await queue.send("probe", { n: 2 }, { startAfter: new Date(Date.now() + 300) });
    await until(() => seen.length >= 2);
    expect(seen.splice(0)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("stores a job sent in a transaction only if the transaction commits", async () => {
    await queue.ensure("probe");
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send("probe", { n: "rolled back" }, { tx });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await queue.send("probe", { n: "committed", nested: { ok: true } }, { tx });
    });
    await until(() => seen.length >= 1);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(seen.splice(0)).toEqual([{ n: "committed", nested: { ok: true } }]);
  });

  it("refuses a send in a transaction before the queue exists, rather than waiting on itself", async () => {
    await expect(database.db.transaction((tx) => queue.send("never-made", {}, { tx }))).rejects.toThrow("not ready");
  });
});
