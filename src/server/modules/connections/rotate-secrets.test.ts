import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Connection } from "@/shared/connections";
import { connections, secretKeyCheck } from "../../db/schema";
import { createSecretBox } from "../../lib/secret-box";
import { checkSecretKey, SecretKeyMismatchError } from "../../lib/secret-key-check";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { listConnections } from "./list-connections";
import { rotateSecrets } from "./rotate-secrets";

const oldKey = "a".repeat(64); // createTestApp's key
const newKey = "0123456789abcdef".repeat(4);

let t: TestApp;
let u: OrgUser;
let before: Connection[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  u = await orgUser(t.app, db, "rotate");
  await checkSecretKey(db, createSecretBox(oldKey));
  // Untestable providers, so no network is involved; conn-upsert seals without testing.
  for (const provider of ["mistral", "groq", "google"]) {
    const res = await u.api("POST", "/connections", { provider, api_key: `sk-${provider}-secret-${provider.length}abc` });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
  await u.api("POST", "/connections", { provider: "gmail", description: "no secret here" });
  before = field<Connection[]>(await u.api("GET", "/connections"), "connections");
});
afterAll(async () => t?.close());

describe("rotating SECRET_KEY", () => {
  it("refuses an old key that is not the database's key, changing nothing", async () => {
    const db = t.services.database.db;
    const snapshot = await db.select().from(connections);
    await expect(rotateSecrets(db, "f".repeat(64), newKey)).rejects.toThrow(SecretKeyMismatchError);
    expect(await db.select().from(connections)).toEqual(snapshot);
  });

  it("re-encrypts every secret and the canary: the old key stops working, the new one opens all", async () => {
    const db = t.services.database.db;
    // A secret that did not open before (copied from another row) is counted, not fatal.
    const [mistral] = await db.select().from(connections).where(eq(connections.provider, "mistral"));
    const [groq] = await db.select().from(connections).where(eq(connections.provider, "groq"));
    await db.update(connections).set({ authJson: { ...groq!.authJson, token: mistral!.authJson!.apiKey! } }).where(eq(connections.id, groq!.id));

    expect(await rotateSecrets(db, oldKey, newKey)).toEqual({ reencrypted: 3, unreadable: 1 });

    await expect(checkSecretKey(db, createSecretBox(oldKey))).rejects.toThrow(SecretKeyMismatchError);
    expect(await checkSecretKey(db, createSecretBox(newKey))).toBe("matched");
    const [check] = await db.select().from(secretKeyCheck);
    expect(check!.rotatedAt).not.toBeNull();

    // Sessions are signed with SECRET_KEY too, so read through the verb as a server with the new key would.
    const scope = { orgId: u.orgId, userId: u.id, role: "owner", isOwner: true, requiresTwoFactor: false };
    const after = await listConnections({ db, scope, now: () => new Date(), box: createSecretBox(newKey), keyTests: { openaiBaseUrl: "http://127.0.0.1:9", anthropicBaseUrl: "http://127.0.0.1:9", timeoutMs: 100 } });
    const masked = (list: Connection[]) => list.map((c) => [c.provider, c.masked_key, c.description]);
    expect(masked(after.filter((c) => c.provider !== "groq"))).toEqual(masked(before.filter((c) => c.provider !== "groq")));
    // groq also holds the unreadable copy: its own key rotated, the row shows as needing attention.
    const groqBefore = before.find((c) => c.provider === "groq")!;
    expect(after.find((c) => c.provider === "groq")).toMatchObject({ status: "error", masked_key: groqBefore.masked_key });
    // A server still on the old key can no longer read anything.
    expect(field<Connection[]>(await u.api("GET", "/connections"), "connections").find((c) => c.provider === "mistral")!.masked_key).toBeNull();
  });
});
