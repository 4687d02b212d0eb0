import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devOutbox, organisations, user } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { uniqueEmail } from "../testing/users";
import { orgUser } from "../testing/work-fixtures";

const PHISH = "Security team: your account is locked, unlock it at https://evil.example/unlock";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("an invitation from a user with a phishing name, through the API", () => {
  it.each([
    ["en", "“Security team: your account is locked, unlock it at evil[.]…” invited you to “Security team"],
    ["de", "„Security team: your account is locked, unlock it at evil[.]…“ hat Sie zu „Security team"],
    ["fr", "« Security team: your account is locked, unlock it at evil[.]… » vous a invité à rejoindre « Security team"],
  ])("in %s: the mail quotes the names, cut, with no link in subject or text", async (lang, subjectStart) => {
    const db = t.services.database.db;
    const owner = await orgUser(t.app, db, `phisher-${lang}`);
    await db.update(user).set({ name: PHISH, locale: lang }).where(eq(user.id, owner.id));
    await db.update(organisations).set({ name: PHISH }).where(eq(organisations.id, owner.orgId));
    const to = uniqueEmail(`phished-${lang}`);
    expect((await owner.api("POST", "/invitations", { email: to, role: "member" })).status).toBe(201);
    const [mail] = await db.select().from(devOutbox).where(eq(devOutbox.to, to));
    expect(mail!.subject.startsWith(subjectStart)).toBe(true);
    for (const text of [mail!.subject, mail!.text.replace(/https?:\/\/localhost:3999\/\S+/g, "").replace(to, "")]) {
      expect(text).not.toContain("evil.example");
      expect(text).not.toMatch(/:\/\//);
      expect(text).not.toContain("@");
    }
  });
});
