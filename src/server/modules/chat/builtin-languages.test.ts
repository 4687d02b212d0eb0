import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_FAILED_SYSTEM_MESSAGE, type ChatAction, type ChatMessage } from "@/shared/chat";
import { chatMessages } from "../../db/schema";
import { call } from "../../testing/http";
import type { Task } from "@/shared/work";
import { sendChat } from "../../testing/chat-sse";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { parseDue, resolveDue } from "./builtin/parse-due";

// Issue 28 (15): the built-in assistant reads German and French commands, and answers in the
// reader's language (the app's, sent as Accept-Language), day names included.
let t: TestApp;
let u: OrgUser;
let garden: string;
const say = (message: string, language: string) => sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message, tz: "Europe/Berlin" }, { language });
const reply = async (message: string, language: string) => {
  const answer = await say(message, language);
  expect(answer.status).toBe(200);
  return answer.data<{ message: ChatMessage }>("done")!.message;
};
const taskNamed = async (title: string) => field<Task[]>(await u.api("GET", `/tasks?project_id=${garden}&q=${encodeURIComponent(title)}`), "tasks").find((x) => x.title === title);

beforeAll(async () => {
  t = await createTestApp();
  u = await orgUser(t.app, t.services.database.db, "chat-lang");
  garden = await createProjectVia(u, await createPlaneVia(u, "Heim"), "Garten");
});
afterAll(async () => t?.close());

describe("the built-in assistant in German", () => {
  it("creates the task the issue's command describes, and says so in German with a German day", async () => {
    const done = await reply("erstelle Aufgabe Beete jäten in Garten bis Freitag, Priorität hoch", "de");
    const task = await taskNamed("Beete jäten");
    expect(task).toMatchObject({ priority: "high", status: "todo", due_at: resolveDue(parseDue("friday")!, "Europe/Berlin", new Date()) });
    expect(done.content).toMatch(/^Aufgabe „Beete jäten“ \(Garten, fällig Fr\., \d{1,2}\. \S+, hohe Priorität\) angelegt\.$/);
    // The card is stored in English and read in the reader's language.
    expect(done.metadata.actions![0]).toMatchObject({ tool: "create_task", state: "done", title: "„Beete jäten“ angelegt" });
  });

  it("answers help, a list and a refusal in German", async () => {
    expect((await reply("Hilfe", "de")).content).toMatch(/^Ich helfe Ihnen bei Aufgaben und Projekten/);
    expect((await reply("zeige Aufgaben in Garten", "de")).content).toMatch(/^Aufgaben in Garten:\n- „Beete jäten“/);
    expect((await reply("erledige Unkraut im Mond", "de")).content).toBe("Ich konnte keine Aufgabe finden, die zu „Unkraut im Mond“ passt.");
    expect((await reply("erstelle Aufgabe Zaun fällig irgendwann", "de")).content).toMatch(/^Ich konnte das Fälligkeitsdatum „irgendwann“ nicht lesen/);
  });
});

describe("the built-in assistant in French", () => {
  it("creates the task of the French command, in French", async () => {
    const done = await reply("crée une tâche Tailler les rosiers dans Garten pour vendredi, priorité haute", "fr");
    expect(await taskNamed("Tailler les rosiers")).toMatchObject({ priority: "high", due_at: resolveDue(parseDue("vendredi")!, "Europe/Berlin", new Date()) });
    expect(done.content).toMatch(/^Tâche «\u202fTailler les rosiers\u202f» \(Garten, échéance ven\. \d{1,2} \S+, priorité haute\) créée\.$/);
    expect((done.metadata.actions![0] as ChatAction).title).toBe("«\u202fTailler les rosiers\u202f» créée");
  });

  it("answers in the reader's language whatever the command's, and English to an English reader", async () => {
    expect((await reply("résume Garten", "de")).content).toMatch(/^Garten: \d+ offen, \d+ erledigt, \d+ überfällig\./);
    expect((await reply("aide", "fr")).content).toMatch(/^Je vous aide pour vos tâches/);
    expect((await reply("status", "fr")).content).toMatch(/^Tâches\u202f: 2 \(/);
    expect((await reply("erledige Beete jäten", "en")).content).toBe('Marked "Beete jäten" as done.');
  });
});

describe("the chat's own failure message", () => {
  it("is stored in English and read in the reader's language", async () => {
    const answer = await say("Hilfe", "de");
    const conversationId = answer.data<{ conversation_id: string }>("start")!.conversation_id;
    await t.services.database.db.insert(chatMessages).values({ conversationId, orgId: u.orgId, role: "system", content: CHAT_FAILED_SYSTEM_MESSAGE });
    const read = await call(t.app, "GET", `${u.base}/chat/conversations/${conversationId}`, { cookie: u.cookie, headers: { "accept-language": "fr" } });
    const system = (read.body as { messages: ChatMessage[] }).messages.find((m) => m.role === "system");
    expect(system?.content).toMatch(/^Une erreur s'est produite/);
  });
});
