import { priorityOfWord } from "@/shared/priority-words";
import type { ToolCall } from "../tools/tool-types";
import { parseDue } from "./parse-due";

/** What the built-in assistant understood: a tool to run, or one of its own answers. */
export type BuiltinCommand = { kind: "help" } | { kind: "status" } | { kind: "unknown" } | { kind: "invalid"; reason: InvalidReason } | { kind: "tool"; call: ToolCall };
/** Why a create could not be read; the reply says it in the reader's language (replies.ts). */
export type InvalidReason = { code: "due_unreadable"; due: string } | { code: "title_missing" };

/**
 * A language's words around a new task, each a regex alternation: "Paint hull in Garden due friday
 * priority high", "Beete jäten in Garten bis Freitag, Priorität hoch", "Tailler les rosiers dans
 * Jardin pour vendredi, priorité haute".
 */
export type CreateGrammar = {
  /** Before a due date that must be one ("due"): anything else is refused, not taken as title. */
  strictDue: string;
  /** Before a due date, or part of the title when no date follows ("by", "bis", "pour"). */
  looseDue: string;
  project: string;
  priority: string;
  /** "high priority", "mit hoher Priorität", "haute priorité": the priority word is group 1 (or 2). */
  priorityPhrase: RegExp;
};

export const tool = (call: ToolCall): BuiltinCommand => ({ kind: "tool", call });
export const unquote = (s: string) => s.trim().replace(/^["'“‘„«‹]\s*(.*?)\s*["'”’“»›]$/s, "$1").trim();
/** Inside an open quote a keyword belongs to the title. */
const insideQuote = (before: string) => (before.match(/["“”„«»]/g)?.length ?? 0) % 2 === 1;

/**
 * Clauses are peeled from the end, by their last keyword, until what is left is the title. A
 * keyword whose clause is not what it should be (no date after "by") belongs to the title.
 */
export function parseCreate(rest: string, grammar: CreateGrammar): BuiltinCommand {
  let body = rest.trim();
  const found: { due?: string; priority?: string; project?: string } = {};
  const keywords = [grammar.strictDue, grammar.looseDue, grammar.project, grammar.priority].join("|");
  // The greedy start finds the last keyword; a comma before it ("…Freitag, Priorität hoch") goes.
  const clause = new RegExp(`^(.*)\\s+(${keywords}):?\\s+(.+)$`, "isu");
  const isKey = (key: string, words: string) => new RegExp(`^(?:${words})$`, "iu").test(key);
  // A date's own keyword left before it: "due in 3 days", "fällig am Freitag".
  const dueKeywordAtEnd = new RegExp(`,?\\s+(?:${grammar.strictDue}|${grammar.looseDue})$`, "iu");
  const takeDue = (due: string, before: string) => {
    found.due = due.trim();
    body = before.replace(dueKeywordAtEnd, "");
  };
  for (;;) {
    body = body.replace(/,\s*$/, "");
    const phrase = found.priority ? null : grammar.priorityPhrase.exec(body);
    const phrased = phrase ? priorityOfWord(phrase[1] ?? phrase[2] ?? "") : null;
    if (phrase && phrased) {
      found.priority = phrased;
      body = body.slice(0, phrase.index);
      continue;
    }
    const m = clause.exec(body);
    if (!m || insideQuote(m[1]!)) break;
    const [, before, keyword, tail] = m as unknown as [string, string, string, string];
    // "in 3 days", "in 3 Tagen", "dans 3 jours": a date, though its first word names a project elsewhere.
    if (isKey(keyword, grammar.project) && !found.due && parseDue(`${keyword} ${tail}`)) {
      takeDue(`${keyword} ${tail}`, before);
      continue;
    }
    if ((isKey(keyword, grammar.strictDue) || isKey(keyword, grammar.looseDue)) && !found.due) {
      if (parseDue(tail)) {
        takeDue(tail, before);
        continue;
      }
      if (isKey(keyword, grammar.strictDue)) return { kind: "invalid", reason: { code: "due_unreadable", due: tail.trim() } };
      break;
    }
    const priority = isKey(keyword, grammar.priority) && !found.priority ? priorityOfWord(tail) : null;
    if (priority) {
      found.priority = priority;
      body = before;
      continue;
    }
    if (isKey(keyword, grammar.project) && !found.project) {
      found.project = unquote(tail.replace(/^(?:project|projekt|projet|le projet)\s+/iu, ""));
      body = before;
      continue;
    }
    break;
  }
  const title = unquote(body);
  if (!title) return { kind: "invalid", reason: { code: "title_missing" } };
  const { due, priority, project } = found;
  return tool({ name: "create_task", args: { title, ...(project ? { project } : {}), ...(due ? { due } : {}), ...(priority ? { priority } : {}) } });
}
