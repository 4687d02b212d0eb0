import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normaliseStatement, STATEMENT_MAX_CHARS } from "./normalise-statement";
import { createQueryStats } from "./query-stats";
import { timePgliteQueries } from "./time-queries";

describe("normaliseStatement", () => {
  it("replaces literals, keeps placeholders and identifiers", () => {
    expect(normaliseStatement(`select "t1"."name" from tasks t1 where id = $1 and title = 'Ann''s secret' and n > 42 and x = -3.5e2`)).toBe(
      `select "t1"."name" from tasks t1 where id = $1 and title = ? and n > ? and x = -?`,
    );
    expect(normaliseStatement("select $tag$ secret $tag$, E'\\x', pg_advisory_lock(727274001)")).toBe("select ?, ?, pg_advisory_lock(?)");
    expect(normaliseStatement("select\n   1\n\t from  t")).toBe("select ? from t");
  });

  it("cuts long statements", () => {
    const long = normaliseStatement(`select ${"a, ".repeat(400)}b from t`);
    expect(long).toHaveLength(STATEMENT_MAX_CHARS);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("query stats", () => {
  it("keeps count, mean, max and total per statement; slow ones apart", () => {
    const stats = createQueryStats({ thresholdMs: 100 });
    stats.record("select * from a where id = $1", 10);
    stats.record("select * from a where id = $1", 30);
    stats.record("select * from b where name = 'x'", 150);
    stats.record("select * from b where name = 'y'", 50);
    const snap = stats.snapshot();
    expect(snap.thresholdMs).toBe(100);
    expect(snap.topByTotal).toEqual([
      { statement: "select * from b where name = ?", count: 2, meanMs: 100, maxMs: 150, totalMs: 200 },
      { statement: "select * from a where id = $1", count: 2, meanMs: 20, maxMs: 30, totalMs: 40 },
    ]);
    expect(snap.slow.map((s) => s.statement)).toEqual(["select * from b where name = ?"]);
  });

  it("stays bounded, and a rare slow statement is not pushed out by many quick ones", () => {
    const stats = createQueryStats({ thresholdMs: 100 });
    stats.record("select pg_sleep($1)", 120);
    for (let i = 0; i < 1_000; i++) stats.record(`select * from t_${i} where id = $1`, 200);
    const snap = stats.snapshot();
    expect(snap.slow.length).toBeLessThanOrEqual(20);
    expect(snap.topByTotal.length).toBeLessThanOrEqual(20);
    stats.record("select pg_sleep($1)", 1);
    const again = stats.snapshot();
    // t_i took 200 ms each: the 50 slowest kept are all tied at 200, pg_sleep at 120 was the first to go.
    expect(again.slow.every((s) => s.maxMs === 200)).toBe(true);
    const quick = createQueryStats({ thresholdMs: 100 });
    quick.record("select pg_sleep($1)", 120);
    for (let i = 0; i < 1_000; i++) quick.record(`select * from t_${i} where id = $1`, 1);
    expect(quick.snapshot().slow).toEqual([{ statement: "select pg_sleep($1)", count: 1, meanMs: 120, maxMs: 120, totalMs: 120 }]);
  });
});

describe("timing PGlite's statements", () => {
  let client: PGlite;
  const stats = createQueryStats({ thresholdMs: 0 });
  beforeAll(async () => {
    client = await PGlite.create();
    timePgliteQueries(client, stats);
  });
  afterAll(async () => client.close());

  it("records the text of query, exec and a transaction's statements, never the parameters", async () => {
    await client.query("select $1::text as secret", ["hunter2-parameter"]);
    await client.exec("create table notes (body text); insert into notes values ('literal-secret')");
    await client.transaction(async (tx) => {
      await tx.query("insert into notes values ($1)", ["in-a-transaction"]);
    });
    await client.query("select nonsense from nowhere").catch(() => undefined);
    const snap = stats.snapshot();
    const texts = snap.topByTotal.map((s) => s.statement);
    expect(texts).toEqual(
      expect.arrayContaining(["select $1::text as secret", "create table notes (body text); insert into notes values (?)", "insert into notes values ($1)", "select nonsense from nowhere"]),
    );
    expect(JSON.stringify(snap)).not.toMatch(/hunter2|literal-secret|in-a-transaction/);
  });
});
