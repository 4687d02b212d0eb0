import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_COOKIE } from "@/shared/languages";
import { call, type Call } from "../testing/http";
import { useTestApp } from "../testing/suite-app";
import { sampleDraft } from "../testing/workflow-fixtures";
import { createPlaneVia, createProjectVia, field, orgUser, randomId, type OrgUser } from "../testing/work-fixtures";
import { de } from "@/shared/i18n/messages/de";

const t = useTestApp();
let u: OrgUser;
beforeAll(async () => {
  u = await orgUser(t.app, t.services.database.db, "server-messages");
});

/** As this user, in a language: what the app sends (Accept-Language) or only the shared cookie. */
const as = (method: string, path: string, how: { lang?: string; cookieLang?: string }, body?: unknown): Promise<Call> =>
  call(t.app, method, `${u.base}${path}`, {
    body,
    cookie: how.cookieLang ? `${u.cookie}; ${LANGUAGE_COOKIE}=${how.cookieLang}` : u.cookie,
    headers: how.lang ? { "accept-language": how.lang } : {},
  });
const errorOf = (res: Call) => (res.body as { error: { message: string; fields?: Record<string, string> } }).error;

describe("the server's refusals in the reader's language", () => {
  it("answer in German, French or English by Accept-Language", async () => {
    const missing = `/planes/${randomId()}`;
    const german = await as("GET", missing, { lang: "de-DE,de;q=0.9,en;q=0.8" });
    expect(german.status).toBe(404);
    expect(errorOf(german).message).toBe("Bereich nicht gefunden");
    expect(german.headers.get("content-language")).toBe("de");
    expect(errorOf(await as("GET", missing, { lang: "fr" })).message).toBe("Espace introuvable");
    expect(errorOf(await as("GET", missing, {})).message).toBe("Plane not found");
    expect(errorOf(await as("GET", missing, { lang: "es" })).message).toBe("Plane not found");
  });

  it("fall back to the language cookie the app and public pages share", async () => {
    expect(errorOf(await as("GET", `/planes/${randomId()}`, { cookieLang: "fr" })).message).toBe("Espace introuvable");
  });

  it("carry the values of a message over (a plane that still holds projects)", async () => {
    const plane = await createPlaneVia(u, "Kept");
    await createProjectVia(u, plane, "One");
    await createProjectVia(u, plane, "Two");
    const refused = await as("DELETE", `/planes/${plane}`, { lang: "de" });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toContain("2");
    expect(errorOf(refused).message).not.toMatch(/This plane holds/);
  });

  it("say zod's own messages and the schemas' messages in the language too", async () => {
    const bad = await as("POST", "/planes", { lang: "de" }, { name: "  ", type: 42 });
    expect(bad.status).toBe(400);
    const { message, fields } = errorOf(bad);
    expect(message).not.toBe("Some fields are not valid");
    expect(fields?.name).toBe("Name ist erforderlich");
    // zod's German locale: "Ungültige Eingabe…"
    expect(fields?.type).toMatch(/Ungültig/);
    const english = errorOf(await as("POST", "/planes", {}, { name: "  ", type: 42 }));
    expect(english.fields?.name).toBe("Name is required");
  });

  it("say the Deploy panel's status line and the workflow checker's problems in the language", async () => {
    const saved = field<{ id: string }>(await as("POST", "/workflows", {}, sampleDraft("Übersetzt")), "workflow");
    const status = await as("GET", `/workflows/${saved.id}/deployment`, { lang: "de" });
    expect((status.body as { status: { message: string } }).status.message).toBe(de["N8N_BASE is not configured on the server"]);

    const noTrigger = { ...sampleDraft("Ohne Auslöser"), nodes: [], connections: [] };
    const refused = await as("POST", "/workflows", { lang: "de" }, noTrigger);
    expect(refused.status).toBe(400);
    expect(errorOf(refused).message).toBe(de["Add a trigger (Webhook, Schedule or Manual) to start the workflow."]);
  });

  it("say a scan's stored findings in the language of whoever reads them", async () => {
    const project = await createProjectVia(u, await createPlaneVia(u, "Scanned"), "No site yet");
    const german = await as("POST", `/project-health/${project}/analyze`, { lang: "de" });
    expect(german.status).toBe(200);
    const issue = (german.body as { report: { issues: { check: string; description: string; fix_suggestion: string }[] } }).report.issues.find((i) => i.check === "deploy.no_website");
    expect(issue).toMatchObject({ description: de["No website URL is set, so the site was not checked"], fix_suggestion: de["Add the website URL in the project settings"] });
    const english = await as("GET", `/project-health/${project}`, {});
    expect(JSON.stringify(english.body)).toContain("No website URL is set, so the site was not checked");
  });
});

