import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Change } from "../../lib/events";
import { call } from "../../testing/http";
import { openStream, type SseEvent, type SseStream } from "../../testing/sse-stream";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { GOOD_PASSWORD, latestLink, uniqueEmail } from "../../testing/users";
import { ownerOtherAndMember, type OrgUser } from "../../testing/work-fixtures";

// Issue 28 (10, 11): open tabs hear a role given or taken, a member joining or leaving, and an
// invitation made, withdrawn or accepted, through the organisation's one change feed.
let t: TestApp;
let owner: OrgUser;
let member: { id: string; cookie: string };
let stream: SseStream;
const db = () => t.services.database.db;
beforeAll(async () => {
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
  ({ owner, member } = await ownerOtherAndMember(t.app, db(), "member-live"));
  // The member listens: it is their tab that must follow their new role.
  stream = await openStream(t.app, owner.orgId, member.cookie);
  await stream.waitFor((e) => e.event === "ready");
});
afterAll(async () => {
  await stream?.close();
  await t?.close();
});

const changeOf = (e: SseEvent) => (e.event === "change" ? (JSON.parse(e.data) as Change) : undefined);
/** The first such change heard after the first `from` events. */
const heard = (entity: Change["entity"], id: string, action: Change["action"], from = 0) =>
  stream.waitFor((e) => {
    const c = changeOf(e);
    return stream.events.indexOf(e) >= from && c?.entity === entity && c.id === id && c.action === action;
  });

describe("a member's tab hears", () => {
  it("its role changed, each way, and nothing when the role stays", async () => {
    expect((await owner.api("PATCH", `/members/${member.id}`, { role: "owner" })).status).toBe(200);
    expect(changeOf(await heard("member", member.id, "updated"))).toEqual({ org_id: owner.orgId, entity: "member", id: member.id, action: "updated" });
    const count = stream.events.length;
    expect((await owner.api("PATCH", `/members/${member.id}`, { role: "owner" })).status).toBe(200);
    expect((await owner.api("PATCH", `/members/${member.id}`, { role: "member" })).status).toBe(200);
    await heard("member", member.id, "updated", count);
    // The second PATCH changed nothing: only the demotion after it was announced.
    expect(stream.events.slice(count).filter((e) => changeOf(e)?.entity === "member")).toHaveLength(1);
  });

  it("an invitation made, withdrawn, and another accepted, with the new member", async () => {
    const first = await owner.api("POST", "/invitations", { email: uniqueEmail("live-withdrawn"), role: "member" });
    const firstId = (first.body as { invitation: { id: string } }).invitation.id;
    await heard("invitation", firstId, "created");
    expect((await owner.api("DELETE", `/invitations/${firstId}`)).status).toBe(204);
    await heard("invitation", firstId, "deleted");

    const email = uniqueEmail("live-joiner");
    const made = await owner.api("POST", "/invitations", { email, role: "member" });
    const inviteId = (made.body as { invitation: { id: string } }).invitation.id;
    const token = new URLSearchParams(new URL(await latestLink(db(), email)).hash.slice(1)).get("token")!;
    await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: "Live Joiner", callbackURL: "/" } });
    const confirm = new URL(await latestLink(db(), email));
    await call(t.app, "GET", confirm.pathname + confirm.search);
    const signIn = await call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD } });
    const joinerId = (signIn.body as { user: { id: string } }).user.id;
    expect((await call(t.app, "POST", "/api/v1/invitations/accept", { cookie: signIn.cookie, body: { token } })).status).toBe(200);
    await heard("member", joinerId, "created");
    await heard("invitation", inviteId, "updated");
  });

  it("a member removed", async () => {
    const other = await ownerOtherAndMember(t.app, db(), "member-live-2");
    const listening = await openStream(t.app, other.owner.orgId, other.owner.cookie);
    try {
      await listening.waitFor((e) => e.event === "ready");
      expect((await other.owner.api("DELETE", `/members/${other.member.id}`)).status).toBe(204);
      const removed = await listening.waitFor((e) => changeOf(e)?.entity === "member");
      expect(changeOf(removed)).toEqual({ org_id: other.owner.orgId, entity: "member", id: other.member.id, action: "deleted" });
    } finally {
      await listening.close();
    }
  });
});
