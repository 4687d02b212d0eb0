import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokens, agentJobs, agentPings, auditLog, dataExportChunks, dataExports, devOutbox, healthScans, mailQueue, messagingUpdates, requestLimits, telemetryEvents, verification } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { orgUser, type OrgUser } from "../../testing/work-fixtures";
import { pruneOnce } from "./prune";
import { retentionSettingsOf } from "./retention-scheduler";

let t: TestApp;
let owner: OrgUser;
const db = () => t.services.database.db;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const prune = (batchRows = 1_000, maxBatches = 20) => pruneOnce(db(), { settings: retentionSettingsOf(t.services.env), batchRows, maxBatches });
/** Which of the ids are still there. */
const left = async (table: typeof telemetryEvents | typeof devOutbox | typeof healthScans | typeof agentJobs | typeof auditLog | typeof accessTokens | typeof mailQueue | typeof agentPings, ids: string[]) =>
  (await db().select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id).sort();
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp({ RETENTION_INTERVAL_MS: "0" });
  owner = await orgUser(t.app, db(), "retention");
});
afterAll(async () => t?.close());

describe("retention: each table keeps its rows for its time, then loses them", () => {
  it("telemetry: 30 days", async () => {
    const rows = await db().insert(telemetryEvents).values([{ orgId: owner.orgId, name: "old", createdAt: ago(31) }, { orgId: owner.orgId, name: "recent", createdAt: ago(29) }]).returning({ id: telemetryEvents.id });
    await prune();
    expect(await left(telemetryEvents, ids(rows))).toEqual([rows[1]!.id]);
  });

  it("seen Telegram update ids: 7 days (Telegram redelivers for 24 h)", async () => {
    await db().insert(messagingUpdates).values([
      { orgId: owner.orgId, channel: "telegram", updateId: "retention-old", receivedAt: ago(8) },
      { orgId: owner.orgId, channel: "telegram", updateId: "retention-new", receivedAt: ago(6) },
    ]);
    await prune();
    const kept = (await db().select({ id: messagingUpdates.updateId }).from(messagingUpdates).where(inArray(messagingUpdates.updateId, ["retention-old", "retention-new"]))).map((r) => r.id);
    expect(kept).toEqual(["retention-new"]);
  });

  it("rate-limit and budget counters: once no window can count them (a day)", async () => {
    await db().insert(requestLimits).values([{ key: "retention:old", windowStart: ago(2), count: 3 }, { key: "retention:today", windowStart: ago(0.5), count: 3 }]);
    await prune();
    const keys = (await db().select({ key: requestLimits.key }).from(requestLimits).where(inArray(requestLimits.key, ["retention:old", "retention:today"]))).map((r) => r.key);
    expect(keys).toEqual(["retention:today"]);
  });

  it("dev outbox: 7 days; sent or failed mail: 30 days, pending mail kept", async () => {
    const outbox = await db().insert(devOutbox).values([{ to: "a@example.test", subject: "old", text: "x", createdAt: ago(8) }, { to: "a@example.test", subject: "new", text: "x", createdAt: ago(6) }]).returning({ id: devOutbox.id });
    const mail = await db()
      .insert(mailQueue)
      .values([
        { to: "a@example.test", subject: "sent long ago", text: "x", status: "sent", createdAt: ago(31) },
        { to: "a@example.test", subject: "pending long", text: "x", status: "pending", createdAt: ago(31) },
        { to: "a@example.test", subject: "sent lately", text: "x", status: "sent", createdAt: ago(2) },
      ])
      .returning({ id: mailQueue.id });
    await prune();
    expect(await left(devOutbox, ids(outbox))).toEqual([outbox[1]!.id]);
    expect(await left(mailQueue, ids(mail))).toEqual([mail[1]!.id, mail[2]!.id].sort());
  });

  it("scans: 90 days, and only the newest 50 of a kind per organisation; a running scan stays", async () => {
    const other = await orgUser(t.app, db(), "retention-scans");
    const many = await db()
      .insert(healthScans)
      .values(Array.from({ length: 53 }, (_, i) => ({ orgId: other.orgId, kind: "platform", status: "completed", startedAt: new Date(Date.now() - (i + 1) * 60_000) })))
      .returning({ id: healthScans.id, startedAt: healthScans.startedAt });
    const [old, running] = await db()
      .insert(healthScans)
      .values([
        { orgId: owner.orgId, kind: "platform", status: "completed", startedAt: ago(91) },
        { orgId: owner.orgId, kind: "platform", status: "running", startedAt: ago(91) },
      ])
      .returning({ id: healthScans.id });
    await prune();
    const newest = [...many].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime()).slice(0, 50);
    expect(await left(healthScans, ids(many))).toEqual(ids(newest).sort());
    expect(await left(healthScans, [old!.id, running!.id])).toEqual([running!.id]);
  });

  it("agent jobs: finished ones 90 days; a queued one however old stays", async () => {
    const rows = await db()
      .insert(agentJobs)
      .values([
        { orgId: owner.orgId, message: "done long ago", state: "done", createdAt: ago(100), finishedAt: ago(95) },
        { orgId: owner.orgId, message: "failed lately", state: "failed", createdAt: ago(100), finishedAt: ago(10) },
        { orgId: owner.orgId, message: "still queued", state: "queued", createdAt: ago(100), updatedAt: ago(100) },
      ])
      .returning({ id: agentJobs.id });
    await prune();
    expect(await left(agentJobs, ids(rows))).toEqual([rows[1]!.id, rows[2]!.id].sort());
  });

  it("audit log: a year", async () => {
    const rows = await db()
      .insert(auditLog)
      .values([
        { orgId: owner.orgId, action: "member.role_change", targetType: "membership", targetId: owner.id, createdAt: ago(366) },
        { orgId: owner.orgId, action: "member.role_change", targetType: "membership", targetId: owner.id, createdAt: ago(364) },
      ])
      .returning({ id: auditLog.id });
    await prune();
    expect(await left(auditLog, ids(rows))).toEqual([rows[1]!.id]);
  });

  it("access tokens: 30 days after they were revoked or expired; a live one stays", async () => {
    const token = (name: string, expiresAt: Date, revokedAt: Date | null) => ({ userId: owner.id, name, tokenHash: crypto.randomUUID(), hint: "whq_…", scope: "read", expiresAt, revokedAt });
    const rows = await db()
      .insert(accessTokens)
      .values([token("revoked long ago", ago(-300), ago(31)), token("expired long ago", ago(40), null), token("revoked lately", ago(-300), ago(3)), token("live", ago(-30), null)])
      .returning({ id: accessTokens.id });
    await prune();
    expect(await left(accessTokens, ids(rows))).toEqual([rows[2]!.id, rows[3]!.id].sort());
  });

  it("agent pings and expired verifications: a day", async () => {
    const pings = await db().insert(agentPings).values([{ orgId: owner.orgId, createdAt: ago(2) }, { orgId: owner.orgId }]).returning({ id: agentPings.id });
    const codes = [`retention-old-${crypto.randomUUID()}`, `retention-new-${crypto.randomUUID()}`];
    await db().insert(verification).values([
      { id: codes[0]!, identifier: "x", value: "y", expiresAt: ago(2) },
      { id: codes[1]!, identifier: "x", value: "y", expiresAt: ago(-1) },
    ]);
    await prune();
    expect(await left(agentPings, ids(pings))).toEqual([pings[1]!.id]);
    expect((await db().select({ id: verification.id }).from(verification).where(inArray(verification.id, codes))).map((r) => r.id)).toEqual([codes[1]]);
  });

  it("data exports: the zip's pieces and the row once the export expired (a day); a live one stays", async () => {
    const rows = await db()
      .insert(dataExports)
      .values([
        { userId: owner.id, scope: "user", status: "done", fileSize: 6, expiresAt: ago(0.01) },
        { userId: owner.id, scope: "user", status: "done", fileSize: 6, expiresAt: ago(-0.5) },
      ])
      .returning({ id: dataExports.id });
    for (const { id } of rows) await db().insert(dataExportChunks).values([0, 1, 2].map((seq) => ({ exportId: id, seq, data: Buffer.from("zz") })));
    // Two pieces a batch: the first pass's batches take the pieces, then the row.
    await prune(2, 5);
    expect(await db().select({ id: dataExports.id }).from(dataExports).where(inArray(dataExports.id, ids(rows)))).toEqual([{ id: rows[1]!.id }]);
    expect((await db().select({ exportId: dataExportChunks.exportId }).from(dataExportChunks).where(inArray(dataExportChunks.exportId, ids(rows)))).map((c) => c.exportId)).toEqual([rows[1]!.id, rows[1]!.id, rows[1]!.id]);
  });

  it("prunes in batches: a pass takes at most its batches, the next pass goes on", async () => {
    await db().insert(telemetryEvents).values(Array.from({ length: 7 }, (_, i) => ({ name: `batch-${i}`, createdAt: ago(40) })));
    const count = async () => Number(((await db().execute(sql`select count(*)::int as n from telemetry_events where name like 'batch-%'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect((await prune(3, 1)).telemetry_events).toBe(3);
    expect(await count()).toBe(4);
    expect((await prune(3, 20)).telemetry_events).toBe(4);
    expect(await count()).toBe(0);
  });
});
