import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Connection, ConnectionResponse } from "@/shared/connections";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { orgUser, type OrgUser } from "../../testing/work-fixtures";

// A key test's outcome is stored in English and read in the reader's language (issue 28, 13).
let t: TestApp;
let u: OrgUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await orgUser(t.app, t.services.database.db, "conn-lang");
});
afterAll(async () => t?.close());

const as = (lang: string, method: string, path: string, body?: unknown) => call(t.app, method, `${u.base}${path}`, { cookie: u.cookie, body, headers: { "accept-language": lang } });

describe("a key test's outcome", () => {
  it("is said in German and French when saved and when read, and kept in English", async () => {
    const created = (await as("de", "POST", "/connections", { provider: "mistral", api_key: "mk-lang-key-000111" })).body as ConnectionResponse;
    expect(created.test?.message).toBe("Gespeichert, aber We Love HQ kann Schlüssel von Mistral nicht testen");
    expect(created.connection.test_message).toBe("Gespeichert, aber We Love HQ kann Schlüssel von Mistral nicht testen");
    const listed = ((await as("fr", "GET", "/connections")).body as { connections: Connection[] }).connections;
    expect(listed[0]!.test_message).toBe("Enregistrée, mais We Love HQ ne peut pas tester les clés Mistral");
    const english = ((await as("en", "GET", `/connections/${created.connection.id}`)).body as { connection: Connection }).connection;
    expect(english.test_message).toBe("Stored, but We Love HQ cannot test Mistral keys");
  });
});
