import { priorityOfWord, type TaskPriority } from "@/shared/priority-words";
import { parseDue } from "../chat/builtin/parse-due";

export type ChatCommand =
  | { kind: "start"; code: string | null }
  | { kind: "task"; title: string; due: string | null; priority: TaskPriority | null }
  | { kind: "today" }
  | { kind: "help" }
  | { kind: "text"; text: string };


/**
 * Reads a chat message the same way on every channel. `/task Buy paint friday high`: the last word
 * may be a priority, the one or two before it a day (parse-due.ts reads EN/DE/FR), the rest is the
 * title. `/cmd@BotName` (Telegram groups) counts as `/cmd`.
 */
export function parseCommand(raw: string): ChatCommand {
  const text = raw.trim();
  // WhatsApp has no /start: there the member types "link CODE" (one word of code only, so a sentence
  // beginning with "link" still reaches the assistant).
  const link = /^link\s+([A-Za-z0-9]{6,16})$/i.exec(text);
  if (link) return { kind: "start", code: link[1]! };
  const match = /^\/(\w+)(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(text);
  if (!match) return { kind: "text", text };
  const name = match[1]!.toLowerCase();
  const rest = (match[2] ?? "").trim();
  if (name === "start") return { kind: "start", code: rest ? rest.split(/\s+/)[0]! : null };
  if (name === "today" || name === "heute" || name === "aujourdhui") return { kind: "today" };
  if (name === "task" || name === "aufgabe" || name === "tache") return rest ? taskOf(rest) : { kind: "help" };
  return { kind: "help" };
}

function taskOf(rest: string): ChatCommand {
  const words = rest.split(/\s+/);
  let priority: TaskPriority | null = null;
  // Whole words only (not "h" or "m"), so a title ending in a letter keeps it.
  const last = words.at(-1) ?? "";
  const named = last.length >= 3 ? priorityOfWord(last) : null;
  if (words.length > 1 && named) {
    priority = named;
    words.pop();
  }
  let due: string | null = null;
  for (const take of [3, 2, 1]) {
    if (words.length <= take) continue;
    const tail = words.slice(-take).join(" ");
    if (parseDue(tail)) {
      due = tail;
      words.splice(-take, take);
      break;
    }
  }
  return { kind: "task", title: words.join(" "), due, priority };
}
