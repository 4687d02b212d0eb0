import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { healingConfigs, healthScans } from "../../../db/schema";
import { useTwoInstances } from "../../../testing/suite-app";
import { orgUser } from "../../../testing/work-fixtures";
import { claimDueScans, runDueScans, schedulerDepsOf } from "./platform-scheduler";

// Two instances on one database, as behind a load balancer: each due scan must be claimed once.
const { a, b } = useTwoInstances();

const at = (iso: string) => new Date(iso);

describe("the platform scan scheduler", () => {
  it("claims each due organisation once, however many instances tick at the same moment", async () => {
    const db = a.services.database.db;
    const orgs = await Promise.all(Array.from({ length: 6 }, (_, i) => orgUser(a.app, db, `sched-${i}`)));
    const due = at("2030-01-01T10:00:00Z");
    for (const [i, o] of orgs.entries()) {
      // Four due, one not yet, one disabled.
      const enabled = i !== 5;
      const nextScanAt = i === 4 ? at("2030-01-01T10:00:01Z") : due;
      await db.insert(healingConfigs).values({ orgId: o.orgId, enabled, scanIntervalMinutes: i % 2 === 0 ? 5 : 60, nextScanAt });
    }
    expect(await claimDueScans(db, at("2030-01-01T09:59:59Z"))).toEqual([]);
    const rounds = await Promise.all([
      claimDueScans(a.services.database.db, due),
      claimDueScans(b.services.database.db, due),
      claimDueScans(a.services.database.db, due),
      claimDueScans(b.services.database.db, due),
    ]);
    const claimed = rounds.flat().sort();
    expect(claimed).toEqual(orgs.slice(0, 4).map((o) => o.orgId).sort());
    const rows = await db.select().from(healingConfigs).where(inArray(healingConfigs.orgId, orgs.map((o) => o.orgId)));
    const next = Object.fromEntries(rows.map((r) => [r.orgId, r.nextScanAt?.toISOString()]));
    expect(next[orgs[0]!.orgId]).toBe("2030-01-01T10:05:00.000Z");
    expect(next[orgs[1]!.orgId]).toBe("2030-01-01T11:00:00.000Z");
    expect(next[orgs[4]!.orgId]).toBe("2030-01-01T10:00:01.000Z");
    // Claimed already: the same moment claims nothing more.
    expect(await claimDueScans(db, due)).toEqual([]);
    await db.delete(healingConfigs).where(inArray(healingConfigs.orgId, orgs.map((o) => o.orgId)));
  });

  it("runs a due organisation's scan with trigger 'scheduled' once when both instances tick", async () => {
    const db = a.services.database.db;
    const o = await orgUser(a.app, db, "sched-run");
    const now = new Date();
    await db.insert(healingConfigs).values({ orgId: o.orgId, enabled: true, scanIntervalMinutes: 15, nextScanAt: new Date(now.getTime() - 1000) });
    const [fromA, fromB] = await Promise.all([runDueScans(schedulerDepsOf(a.services)), runDueScans(schedulerDepsOf(b.services))]);
    const ran = [...fromA, ...fromB];
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ trigger: "scheduled" });
    const scans = await db.select().from(healthScans).where(eq(healthScans.orgId, o.orgId));
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ kind: "platform", trigger: "scheduled", startedBy: null });
    expect(scans[0]!.finishedAt).toBeInstanceOf(Date);
    const [config] = await db.select().from(healingConfigs).where(eq(healingConfigs.orgId, o.orgId));
    expect(config!.nextScanAt!.getTime()).toBeGreaterThanOrEqual(now.getTime() + 15 * 60_000 - 2000);
  });
});
