import { parseCreate, tool, unquote, type BuiltinCommand, type CreateGrammar } from "./parse-create";
import { listCommand } from "./parse-list";
import { parseGerman } from "./parse-command-de";
import { parseFrench } from "./parse-command-fr";

export type { BuiltinCommand, InvalidReason } from "./parse-create";

const english: CreateGrammar = {
  strictDue: "due",
  looseDue: "by",
  project: "in",
  priority: "priority|prio",
  priorityPhrase: /\s+(?:with\s+)?(\p{L}+)[\s-]priority$/iu,
};

/**
 * Parses a line typed to the built-in assistant, in English, German or French (the command's own
 * words say which; the reply is in the reader's language whatever the command's). Pure: the
 * caller resolves names and dates.
 */
export function parseCommand(input: string): BuiltinCommand {
  const text = input.trim().replace(/\s+/g, " ").replace(/[’`]/g, "'").replace(/\s*[.!]+$/, "");
  return parseEnglish(text) ?? parseGerman(text) ?? parseFrench(text) ?? { kind: "unknown" };
}

function parseEnglish(text: string): BuiltinCommand | null {
  const lower = text.toLowerCase();
  if (/^(help|\?|commands|what can you do\??|hi|hello|hey)$/.test(lower)) return { kind: "help" };
  if (/^(status|stats|system status)$/.test(lower)) return { kind: "status" };
  if (/^(what('?s| is| are)? (overdue|late)|(list |show )?(all )?(my )?overdue( tasks)?|late tasks)\??$/.test(lower)) return tool({ name: "list_overdue", args: {} });

  let m = /^(?:create|add|new|make)(?: a| new)? task:?\s+(.+)$/i.exec(text);
  if (m) return parseCreate(m[1]!, english);
  m = /^(?:complete|finish|close|tick(?: off)?|mark)(?: task)?:?\s+(.+?)(?:\s+as\s+(?:done|complete|finished))?$/i.exec(text);
  if (m) return tool({ name: "complete_task", args: { task: unquote(m[1]!) } });
  m = /^(?:delete|remove)(?: task)?:?\s+(.+)$/i.exec(text);
  if (m) return tool({ name: "delete_task", args: { task: unquote(m[1]!) } });
  m = /^(?:summari[sz]e|summary of|summary for|how is|how's)(?: project)?:?\s+(.+?)\??$/i.exec(text);
  if (m) return tool({ name: "summarise_project", args: { project: unquote(m[1]!) } });
  m = /^(?:find|search(?: for)?|look for)(?: tasks?)?:?\s+(.+)$/i.exec(text);
  if (m) return tool({ name: "search_tasks", args: { query: unquote(m[1]!) } });
  m = /^(?:list|show)(?: me)?(?: all| my)*(?: (open|done|today'?s?|overdue))? tasks?(?: (due today|done|for today))?(?:\s+(?:in|for|of|from)(?: project)?\s+(.+?))?\??$/i.exec(text);
  if (m) return listCommand(`${m[1] ?? ""} ${m[2] ?? ""}`, m[3]);
  return null;
}
