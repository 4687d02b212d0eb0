import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "../db/client";
import { gate } from "../testing/gate";
import { openTestDatabase } from "../testing/test-database";
import { openProxiedDatabase } from "../testing/tcp-proxy";
import { testLogger } from "../testing/test-log";
import { createQueue, type Queue, type QueueOptions, type Worker } from "./queue";

let database: Database;
const running: Queue[] = [];
const logger = testLogger("unit");

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((q) => q.stop()));
  await database.db.execute(sql`delete from queue_jobs`);
  await database.db.execute(sql`delete from queue_turns`);
});
afterAll(async () => {
  await database?.close();
});

/** A queue working `workers` on `on` (this file's database unless said), stopped after the test. */
async function startQueue(workers: Worker[], options: QueueOptions = {}, on: Database = database): Promise<Queue> {
  const queue = createQueue(on, logger, { pollIntervalMs: 100, stopBudgetMs: 300, ...options });
  running.push(queue);
  await queue.start(workers);
  return queue;
}
/** Waits until `isDone` holds, failing the test after `ms`. */
async function until(isDone: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await isDone())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${JSON.stringify(await rows())}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const sender = (on: Database = database) => createQueue(on, logger);
const rows = async () => ((await database.db.execute(sql`select queue, key, state, attempts, last_error from queue_jobs order by created_at`)) as unknown as { rows: { queue: string; key: string; state: string; attempts: number; last_error: string | null }[] }).rows;

describe("the job queue", () => {
  it("runs a job sent now and one sent for later, in order, and deletes them once done", async () => {
    const seen: unknown[] = [];
    await startQueue([{ queue: "probe", handle: async ({ data }) => void seen.push(data) }]);
    await sender().send("probe", { n: 1 });
    await sender().send("probe", { n: 2 }, { startAfter: new Date(Date.now() + 300) });
    await until(() => seen.length >= 2);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    await until(async () => (await rows()).length === 0);
  });

  it("stores a job sent in a transaction only if the transaction commits", async () => {
    const queue = sender();
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send("probe", { n: "rolled back" }, { tx });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await database.db.transaction(async (tx) => void (await queue.send("probe", { n: "committed", nested: { ok: true } }, { tx })));
    expect((await rows()).map((r) => r.queue)).toEqual(["probe"]);
    const seen: unknown[] = [];
    await startQueue([{ queue: "probe", handle: async ({ data }) => void seen.push(data) }]);
    await until(() => seen.length >= 1);
    expect(seen).toEqual([{ n: "committed", nested: { ok: true } }]);
  });

  it("keeps one job per singleton key while it waits", async () => {
    const queue = sender();
    expect(await queue.send("probe", {}, { singletonKey: "only-one" })).toEqual(expect.any(String));
    expect(await queue.send("probe", {}, { singletonKey: "only-one" })).toBeNull();
  });

  it("serves another organisation's job at once while one organisation's jobs hang, never more than its limit at a time", async () => {
    const hang = gate();
    let busyB = 0;
    let mostB = 0;
    const doneA: number[] = [];
    await startQueue(
      [
        {
          queue: "work",
          handle: async ({ data }) => {
            const { org } = data as { org: string };
            if (org === "a") return void doneA.push(Date.now());
            busyB++;
            mostB = Math.max(mostB, busyB);
            await hang.opened;
            busyB--;
          },
        },
      ],
      { concurrency: 4, perKeyLimit: 2 },
    );
    const queue = sender();
    for (let i = 0; i < 20; i++) await queue.send("work", { org: "b" }, { key: "b" });
    await until(() => busyB === 2);
    const sentA = Date.now();
    await queue.send("work", { org: "a" }, { key: "a" });
    await until(() => doneA.length === 1, 5_000);
    // Woken by the send, not by the next poll: well inside one job's time.
    expect(doneA[0]! - sentA).toBeLessThan(1_000);
    expect(mostB).toBe(2);
    hang.open();
    await until(async () => (await rows()).length === 0, 10_000);
    expect(mostB).toBe(2);
  });

  it("takes turns between organisations with backlogs, however long one of them is", async () => {
    const order: string[] = [];
    await startQueue([{ queue: "work", handle: async ({ data }) => void order.push((data as { org: string }).org) }], { concurrency: 1, perKeyLimit: 1 });
    const queue = sender();
    await running[0]!.stop();
    for (let i = 0; i < 5; i++) await queue.send("work", { org: "b" }, { key: "b" });
    for (let i = 0; i < 3; i++) await queue.send("work", { org: "a" }, { key: "a" });
    await startQueue([{ queue: "work", handle: async ({ data }) => void order.push((data as { org: string }).org) }], { concurrency: 1, perKeyLimit: 1 });
    await until(() => order.length === 8);
    // b's job waited longest; then a, never served yet, then whichever was served longer ago.
    expect(order).toEqual(["b", "a", "b", "a", "b", "a", "b", "b"]);
  });

  it("aborts a run past its time limit and tries the job again, failing it for good after its last try", async () => {
    const attempts: number[] = [];
    const aborted: boolean[] = [];
    await startQueue([
      {
        queue: "slow",
        timeLimitMs: 200,
        maxAttempts: 2,
        retryDelayMs: 50,
        handle: ({ attempt, signal }) => {
          attempts.push(attempt);
          return new Promise<void>((resolve) => signal.addEventListener("abort", () => (aborted.push(true), resolve())));
        },
      },
    ]);
    await sender().send("slow", {});
    await until(async () => (await rows())[0]?.state === "failed", 10_000);
    expect(attempts).toEqual([1, 2]);
    expect(aborted).toEqual([true, true]);
    expect((await rows())[0]).toMatchObject({ state: "failed", attempts: 2, last_error: "did not finish within 0.2 s" });
    expect(await running[0]!.depth()).toContainEqual({ name: "slow", created: 0, retry: 0, active: 0, failed: 1 });
  });

  it("retries a job whose handler threw, with the error kept", async () => {
    let tries = 0;
    await startQueue([
      {
        queue: "flaky",
        retryDelayMs: 50,
        handle: async () => {
          if (++tries < 3) throw new Error(`try ${tries} failed`);
        },
      },
    ]);
    await sender().send("flaky", {});
    await until(() => tries === 3);
    await until(async () => (await rows()).length === 0);
  });

  it("hands the jobs in hand back when stopping, not counted as a try, and another instance runs them", async () => {
    const hang = gate();
    let started = 0;
    const first = await startQueue([{ queue: "long", handle: async () => (started++, await hang.opened) }]);
    await sender().send("long", {});
    await sender().send("long", {});
    await until(() => started === 2);
    await first.stop();
    expect((await rows()).map((r) => [r.state, r.attempts])).toEqual([
      ["queued", 0],
      ["queued", 0],
    ]);
    hang.open();
    const done: string[] = [];
    await startQueue([{ queue: "long", handle: async ({ id }) => void done.push(id) }]);
    await until(() => done.length === 2);
  });

  it("takes back a job whose instance died holding it, once its lease is over", async () => {
    await database.db.execute(sql`insert into queue_jobs (queue, key, data, state, attempts, token, lease_until, started_at)
      values ('orphan', 'org', '{"n": 1}', 'active', 1, gen_random_uuid(), now() - interval '1 second', now() - interval '2 minutes')`);
    const seen: { data: unknown; attempt: number }[] = [];
    await startQueue([{ queue: "orphan", handle: async ({ data, attempt }) => void seen.push({ data, attempt }) }]);
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ data: { n: 1 }, attempt: 2 }]);
  });

  it("shares the work between two instances on one database, each job run once", async () => {
    const second = database.kind === "postgres" ? await openPostgres((database as { url?: string }).url!, 5) : database;
    try {
      const runs = new Map<string, number>();
      const handle = async ({ id }: { id: string }) => {
        runs.set(id, (runs.get(id) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      };
      const a = await startQueue([{ queue: "shared", handle }], { concurrency: 4, perKeyLimit: 8 });
      const b = await startQueue([{ queue: "shared", handle }], { concurrency: 4, perKeyLimit: 8 }, second);
      const queue = sender();
      for (let i = 0; i < 120; i++) await queue.send("shared", { i }, { key: `org-${i % 6}` });
      await until(() => runs.size === 120, 20_000);
      await until(async () => (await rows()).length === 0);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      if (second !== database) await second.close();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("the job queue when the database goes away as a job ends", () => {
  it("records the job's end once the database is back, and the process goes on", async () => {
    const unhandled: unknown[] = [];
    const record = (error: unknown) => unhandled.push(error);
    process.on("unhandledRejection", record);
    const { database: proxied, proxy } = await openProxiedDatabase(process.env.TEST_DATABASE_URL!, { connectTimeoutMs: 500, queryTimeoutMs: 1_000 });
    try {
      const finishing = gate();
      let ran = 0;
      const queue = await startQueue(
        [
          {
            queue: "cut",
            handle: async () => {
              ran++;
              await finishing.opened;
            },
          },
        ],
        {},
        proxied,
      );
      await sender(proxied).send("cut", {});
      await until(() => ran === 1);
      // The job ends while the database is away: its end cannot be written now...
      proxy.cut();
      finishing.open();
      await new Promise((r) => setTimeout(r, 1_500));
      proxy.restore();
      // ...and is, once it is back: the job is gone, and it ran once.
      await until(async () => ((await proxied.db.execute(sql`select count(*)::int as n from queue_jobs`)) as unknown as { rows: { n: number }[] }).rows[0]!.n === 0, 15_000);
      expect(ran).toBe(1);
      await queue.stop();
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", record);
      await proxied.close();
    }
  }, 40_000);
});
