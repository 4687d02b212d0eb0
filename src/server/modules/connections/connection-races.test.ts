import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProviderStandIn, type ProviderStandIn } from "../../testing/provider-stand-ins";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { field, orgUser, type OrgUser } from "../../testing/work-fixtures";

// A key test takes up to KEY_TEST_TIMEOUT_MS; sk-slow… keys use all of it, so a second request
// can land while the first waits on the provider.
let standIn: ProviderStandIn;
let t: TestApp;
let owner: OrgUser;
beforeAll(async () => {
  standIn = await startProviderStandIn();
  t = await createTestApp({ OPENAI_BASE_URL: standIn.url, ANTHROPIC_BASE_URL: standIn.url, KEY_TEST_TIMEOUT_MS: "700" });
  owner = await orgUser(t.app, t.services.database.db, "conn-races");
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

type Conn = { id: string; provider: string; status: string; masked_key: string | null; description: string | null };
const create = async (provider: string, api_key: string) => field<Conn>(await owner.api("POST", "/connections", { provider, api_key, description: "First" }), "connection");
const read = async (id: string) => field<Conn>(await owner.api("GET", `/connections/${id}`), "connection");
const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("connection writes racing a slow key test", () => {
  it("keeps an edit of another field made while a new key was tested", async () => {
    const conn = await create("openai", "sk-valid-first-1111");
    const slowSave = owner.api("PATCH", `/connections/${conn.id}`, { api_key: "sk-slow-second-2222" });
    await later(150);
    expect((await owner.api("PATCH", `/connections/${conn.id}`, { description: "Edited meanwhile" })).status).toBe(200);
    expect((await slowSave).status).toBe(200);
    const after = await read(conn.id);
    expect(after.description).toBe("Edited meanwhile");
    expect(after.masked_key).toMatch(/2222$/);
  });

  it("does not undo a disconnect made while a new key was tested", async () => {
    const conn = await create("anthropic", "sk-valid-first-3333");
    const slowSave = owner.api("PATCH", `/connections/${conn.id}`, { api_key: "sk-slow-second-4444" });
    await later(150);
    expect((await owner.api("PATCH", `/connections/${conn.id}`, { status: "disconnected" })).status).toBe(200);
    const saved = await slowSave;
    expect(saved.status).toBe(409);
    expect(saved.body).toMatchObject({ error: { code: "conflict" } });
    expect(await read(conn.id)).toMatchObject({ status: "disconnected", masked_key: null });
  });

  it("drops a test result for a key that was replaced while it was tested", async () => {
    const conn = field<Conn[]>(await owner.api("GET", "/connections"), "connections").find((c) => c.provider === "openai")!;
    await owner.api("PATCH", `/connections/${conn.id}`, { api_key: "sk-slow-old-5555" });
    const staleTest = owner.api("POST", `/connections/${conn.id}/test`);
    await later(150);
    const replaced = await owner.api("PATCH", `/connections/${conn.id}`, { api_key: "sk-valid-new-6666" });
    expect(replaced.body).toMatchObject({ connection: { status: "connected" } });
    const test = await staleTest;
    expect(test.status).toBe(409);
    expect(await read(conn.id)).toMatchObject({ status: "connected", masked_key: expect.stringMatching(/6666$/) });
  });
});
