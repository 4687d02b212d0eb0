import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { de } from "@/shared/i18n/messages/de";
import { fr } from "@/shared/i18n/messages/fr";
import { placeholdersOf, type TextCatalogue } from "@/shared/i18n/text-catalogue";
import { taskViews } from "@/shared/work-values";
import { parseCommand } from "../modules/chat/builtin/parse-command";
import { allReplies, type Replies } from "../modules/chat/builtin/replies/replies";
import { extractServerMessages } from "./extract-messages";
import { translateServerMessage } from "./server-messages";

const extraction = extractServerMessages();
const wanted = [...new Set(extraction.messages.map((m) => m.text))];
/** A key as the extractor writes it: every {placeholder} becomes {}. */
const shape = (key: string) => key.replace(/\{\w+\}/g, "{}");

/**
 * Values that reach an AppError's message without a text of ours at that place. Each is either
 * read from the catalogue elsewhere (the seeds) or is not ours to translate.
 */
const NOT_FOLLOWED: Record<string, string> = {
  "server/lib/error-handler.ts": "Hono's own HTTPException texts (a malformed request line); the 4xx code says what happened",
  "server/lib/text-guard.ts": "bad.message is UNSTORABLE_TEXT or TOO_DEEP, both seeds",
  "server/modules/workflows/n8n-access.ts": "row.testMessage is the key test's own message, stored (key-test.ts: in the catalogue)",
  "server/modules/health/platform/platform-checks.ts": "a check's detail that joins its issues' descriptions (each read from its own literal); toIssue copies a description",
  "server/modules/health/project-analyse-site.ts": "error.message is an OutboundError's, a seed",
  "server/modules/inbound-mail/receive-mail.ts": "SMTP reply texts for the sending mail server (RFC 3463 codes), never shown in the app",
  "server/modules/health/report-language.ts": "translates the stored findings; writes no text of its own",
  "server/modules/workflows/ensure-valid-workflow.ts": "the workflow checker's problems, read from validateWorkflow (a seed)",
  "server/modules/agents/agent-setup.ts": "health.detail comes from isN8nHealthy, a seed",
  "server/modules/chat/chat-agents.ts": "agent?.detail and llm?.detail come from n8nAgentOf and llmTargetOf, seeds",
  "server/modules/ops/environment-language.ts": "translates the checks' details; writes no text of its own",
  "server/modules/smoke/routes.ts": "translates a check's message; writes no text of its own",
  "server/modules/smoke/health-check.ts": "health.error is the health function's report of a database error, not a text of ours",
  "server/modules/chat/confirm-action.ts": "a refused deletion's detail is the AppError's message, in the catalogue",
  "server/modules/chat/tools/run-tool.ts": "a refused tool's detail is the AppError's message and fields, in the catalogue",
  "server/modules/chat/tools/tool-defs.ts": "the tools' argument schemas, described for the model, not for people",
  "server/modules/chat/tools/start-browser-task-tool.ts": "a started card's detail is the user's instructions as written; keyMissingText's entries are literals (browser-use-key.ts)",
  "server/modules/chat/tools/calendar-event-tool.ts": "the card's detail is the due time as an ISO instant, not a text",
  "server/modules/chat/builtin/parse-due.ts": "a due date parsed from the user's words, passed on as an ISO instant, not a text",
  "server/modules/chat/tools/send-message-tool.ts": "a sent card's detail is the message as the member wrote it",
  "server/modules/whatsapp/graph-api.ts": "Meta's own words for a refused Graph call (\"Invalid OAuth access token\"), quoted as they came",
  "server/lib/outbound-fetch.ts": "a response's status code, a number, reached through a sender's result",
  "server/modules/chat/tools/team-task-tools.ts": "a labelled card's detail is the label names as the user wrote them; a refusal's detail is findTask's, a seed",
};

/** Entries that read the same in every language (names and identifiers only). */
const SAME_EVERYWHERE = new Set(["{words} (code {code})", "{node}: {problem}", "{count} minutes", "{done}. {then}", "SSE", "n8n", "OpenAI", "Anthropic"]);

describe.each([
  ["de", de],
  ["fr", fr],
] as [string, TextCatalogue][])("the server's messages in %s", (lang, catalogue) => {
  const byShape = new Map(Object.keys(catalogue).map((key) => [shape(key), key]));

  it("cover every message the server writes", () => {
    const missing = wanted.filter((text) => !byShape.has(text));
    expect(missing, `add to src/shared/i18n/messages/${lang}.ts`).toEqual([]);
  });

  it("hold no entry the server no longer writes", () => {
    expect(Object.keys(catalogue).filter((key) => !wanted.includes(shape(key)))).toEqual([]);
  });

  it("keep each placeholder and are translated", () => {
    const wrong = Object.entries(catalogue).filter(
      ([english, translated]) =>
        placeholdersOf(english).sort().join() !== placeholdersOf(translated).sort().join() || (translated.trim() === english.trim() && !SAME_EVERYWHERE.has(english)) || !translated.trim() || /\{\{|\}\}/.test(translated),
    );
    expect(wrong).toEqual([]);
  });
});

describe("reading the server's messages", () => {
  it("follows every message to its text, but for the values listed", () => {
    const files = [...new Set(extraction.unresolved.map((u) => u.at.replace(/:\d+$/, "")))].sort();
    expect(files).toEqual(Object.keys(NOT_FOLLOWED).sort());
    expect(wanted.length).toBeGreaterThan(100);
  });
});

describe("translateServerMessage", () => {
  it("translates exact texts, carries values over and leaves unknown text alone", () => {
    expect(translateServerMessage("de", "Task not found")).toBe(de["Task not found"]);
    expect(translateServerMessage("en", "Task not found")).toBe("Task not found");
    const invited = translateServerMessage("fr", "This invitation is for ada@example.eu, you are signed in as bob@example.eu.");
    expect(invited).toContain("ada@example.eu");
    expect(invited).toContain("bob@example.eu");
    expect(invited).not.toContain("you are signed in");
    expect(translateServerMessage("de", "Something we never wrote")).toBe("Something we never wrote");
  });

  it("translates the words a template carries (the n8n step, the minutes to wait)", () => {
    const failed = translateServerMessage("de", "n8n answered 401 while saving the workflow: check the n8n API key");
    expect(failed).toContain("401");
    expect(failed).not.toContain("saving the workflow");
    expect(failed).toContain(translateServerMessage("de", "saving the workflow"));
    const locked = translateServerMessage("fr", "Too many failed sign-in attempts for this account. Try again in 15 minutes or reset your password.");
    expect(locked).toContain("15");
    expect(locked).not.toContain("minutes or reset");
  });

  it("answers schema messages from the browser's validation catalogue", () => {
    expect(translateServerMessage("de", "Name is required")).toBe("Name ist erforderlich");
  });
});

describe("a platform repair's result", () => {
  it("is said whole, also when one repair did two things", () => {
    const both = translateServerMessage("de", "Removed the membership of ghost@example.eu, whose account cannot sign in. Made ada@example.eu, the longest-standing member who can sign in, owner");
    expect(both).toBe("Die Mitgliedschaft von ghost@example.eu wurde entfernt, da sich dieses Konto nicht anmelden kann. ada@example.eu, das am längsten angehörende Mitglied, das sich anmelden kann, ist jetzt Inhaber");
    expect(translateServerMessage("fr", "Re-pinged agent-ready: it answered 200 in 12 ms")).toBe("agent-ready relancé\u202f: a répondu 200 en 12 ms");
  });
});

describe("a template that is all placeholder", () => {
  it("leaves a text alone unless one of its values is a text of ours", () => {
    // French sets a narrow space before the colon: an unknown "a: b" must not get one.
    expect(translateServerMessage("fr", "connect ECONNREFUSED 127.0.0.1:5432")).toBe("connect ECONNREFUSED 127.0.0.1:5432");
    expect(translateServerMessage("fr", "Order intake: Enter the URL to call")).toBe(`Order intake\u202f: ${fr["Enter the URL to call"]}`);
  });
});

describe("the built-in assistant's replies", () => {
  const en = allReplies.en;
  const others: [string, Replies][] = [
    ["de", allReplies.de],
    ["fr", allReplies.fr],
  ];
  /** Every reply of a phrasebook, with values that are no language's words. */
  const said = (r: Replies) => [
    r.help,
    r.didNotUnderstand,
    r.dueUnreadable("xyz"),
    r.titleMissing,
    r.created("«T» (P)"),
    r.completed("T"),
    r.alreadyDone("T"),
    r.confirmDelete("T", "P"),
    r.due("D"),
    r.priority("high"),
    r.priority("low"),
    r.done,
    ...taskViews.flatMap((view) => [r.heading(view, null), r.heading(view, "P")]),
    r.matching("Q"),
    r.none("H"),
    r.andMore,
    r.nothingOverdue,
    r.summary("P", "1", "2", "3"),
    r.nextDue("T", "D"),
    r.nothingUpcoming,
    r.status({ all: "1", today: "2", overdue: "3", done: "4", projects: "5", limit: "6", jobs: "7", byState: [["7", "failed"]] }),
  ];
  const ENGLISH = /\b(the|task|tasks|due|done|open|overdue|priority|created|marked|delete|nothing|next|projects|failed|try|and|more)\b/i;

  it.each(others)("are all said in %s, none left in English", (_, replies) => {
    const english = said(en);
    const translated = said(replies);
    expect(translated.filter((text, i) => text === english[i] || ENGLISH.test(text.replace(/"[^"]*"/g, "")))).toEqual([]);
  });

  it.each([["en", en] as [string, Replies], ...others])("the %s help's examples are commands the assistant understands", (_, replies) => {
    const examples = [...replies.help.matchAll(/^- ["„«]\u202f?(.+?)\u202f?["“»]/gm)].map((m) => m[1]!);
    expect(examples.length).toBeGreaterThan(6);
    expect(examples.filter((example) => parseCommand(example).kind === "unknown")).toEqual([]);
  });

  it.each(["en", "de", "fr"])("the chat page's %s example prompts are commands the assistant understands", (lang) => {
    const chat = JSON.parse(readFileSync(join(import.meta.dirname, "../../web/i18n", lang, "chat.json"), "utf8")) as { empty: { examples: Record<string, string> } };
    const examples = Object.values(chat.empty.examples);
    expect(examples.map((example) => parseCommand(example).kind)).toEqual(["tool", "tool", "tool"]);
  });
});
