import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataExport } from "@/shared/data-rights";
import { dataExports, memberships, organisations, user } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { GOOD_PASSWORD, latestLink, uniqueEmail } from "../../testing/users";
import { field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { cellsMentioning } from "./data-rights-fixtures";
import { runDataExport } from "./run-export";

// Races of an erasure with what else may touch the user at the same moment (meaningful on PostgreSQL, where they overlap).
let t: TestApp;
const db = () => t.services.database.db;
beforeAll(async () => {
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
});
afterAll(async () => t.close());

const erase = (u: { cookie: string }, orgIds: string[]) => call(t.app, "DELETE", "/api/v1/me", { cookie: u.cookie, body: { password: GOOD_PASSWORD, confirmed_org_ids: orgIds } });
const emailOf = async (id: string) => (await db().select({ email: user.email }).from(user).where(eq(user.id, id)))[0]!.email;
const accept = (cookie: string, token: string) => call(t.app, "POST", "/api/v1/invitations/accept", { cookie, body: { token } });

async function inviteToken(owner: OrgUser, email: string, role: string): Promise<string> {
  expect((await owner.api("POST", "/invitations", { email, role })).status).toBe(201);
  return new URLSearchParams(new URL(await latestLink(db(), email)).hash.slice(1)).get("token")!;
}

async function signUpAs(email: string) {
  await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: "Invited Person", callbackURL: "/" } });
  const link = new URL(await latestLink(db(), email));
  await call(t.app, "GET", link.pathname + link.search);
  const signIn = await call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD } });
  return { id: (signIn.body as { user: { id: string } }).user.id, cookie: signIn.cookie, email };
}

describe("erasure races", () => {
  it("an export running beside the erasure writes nothing back", async () => {
    for (let i = 0; i < 3; i++) {
      const u = await orgUser(t.app, db(), `race-exp-${i}`);
      const email = await emailOf(u.id);
      const personal = field<DataExport>(await call(t.app, "POST", "/api/v1/me/exports", { cookie: u.cookie }), "export");
      const org = field<DataExport>(await u.api("POST", "/exports"), "export");
      const deps = { db: db(), appName: "We Love HQ", now: () => new Date(), maxBytes: 64 * 1024 * 1024 };
      const [erased] = await Promise.all([erase(u, [u.orgId]), runDataExport(deps, personal.id), runDataExport(deps, org.id)]);
      expect(erased.status).toBe(204);
      expect(await db().select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.userId, u.id))).toEqual([]);
      expect(await cellsMentioning(db(), [u.id, email])).toEqual([]);
    }
  });

  it("an invitation accepted beside the erasure: the erased user's own accept, and a new owner joining their organisation", async () => {
    for (let i = 0; i < 3; i++) {
      // The erased user accepts an invitation elsewhere at the same moment.
      const inviter = await orgUser(t.app, db(), `race-inv-${i}`);
      const u = await signUpAs(uniqueEmail(`race-acc-${i}`));
      const token = await inviteToken(inviter, u.email, "member");
      const [erased, accepted] = await Promise.all([erase(u, []), accept(u.cookie, token)]);
      expect(erased.status).toBe(204);
      expect([200, 401, 404, 409, 503]).toContain(accepted.status);
      // An accept that won sends its inviter a "joined" mail after its commit, naming the new member:
      // that mail is the inviter's, so it may remain in their outbox; nothing else may.
      const left = await cellsMentioning(db(), [u.id, u.email]);
      expect(left.filter((cell) => cell !== "dev_outbox.text (1)")).toEqual([]);

      // Someone accepts an owner invitation into the organisation the erased user owns alone.
      const sole = await orgUser(t.app, db(), `race-sole-${i}`);
      const joiner = await signUpAs(uniqueEmail(`race-join-${i}`));
      const ownerToken = await inviteToken(sole, joiner.email, "owner");
      const [gone, joined] = await Promise.all([erase(sole, [sole.orgId]), accept(joiner.cookie, ownerToken)]);
      const orgLeft = await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.id, sole.orgId));
      if (gone.status === 204) {
        // The erasure came first: the organisation is gone and the accept found nothing to join.
        expect(joined.status).not.toBe(200);
        expect([404, 409, 410, 503]).toContain(joined.status);
        expect(orgLeft).toEqual([]);
      } else {
        // The accept came first: the organisation has another owner now, so the confirmed list changed.
        expect(gone.status).toBe(409);
        expect(joined.status).toBe(200);
        expect(await db().select({ role: memberships.role }).from(memberships).where(eq(memberships.orgId, sole.orgId))).toHaveLength(2);
      }
    }
  });
});
