import type { TaskView } from "@/shared/work";
import type { ToolCall } from "../tools/tool-types";
import { parseDue } from "./parse-due";

/** What the built-in assistant understood: a tool to run, or one of its own answers. */
export type BuiltinCommand = { kind: "help" } | { kind: "status" } | { kind: "unknown" } | { kind: "invalid"; reason: string } | { kind: "tool"; call: ToolCall };

const PRIORITY_TAIL = /\s+(?:with\s+)?(low|medium|high)[\s-]priority$/i;
const tool = (call: ToolCall): BuiltinCommand => ({ kind: "tool", call });
const unquote = (s: string) => s.trim().replace(/^["'“‘](.*)["'”’]$/s, "$1").trim();

/** Parses a line typed to the built-in assistant. Pure: the caller resolves names and dates. */
export function parseCommand(input: string): BuiltinCommand {
  const text = input.trim().replace(/\s+/g, " ").replace(/[.!]+$/, "");
  const lower = text.toLowerCase();
  if (/^(help|\?|commands|what can you do\??|hi|hello|hey)$/.test(lower)) return { kind: "help" };
  if (/^(status|stats|system status)$/.test(lower)) return { kind: "status" };
  if (/^(what('?s| is| are)? (overdue|late)|(list |show )?(all )?(my )?overdue( tasks)?|late tasks)\??$/.test(lower)) return tool({ name: "list_overdue", args: {} });

  let m = /^(?:create|add|new|make)(?: a| new)? task:?\s+(.+)$/i.exec(text);
  if (m) return parseCreate(m[1]!);
  m = /^(?:complete|finish|close|tick(?: off)?|mark)(?: task)?:?\s+(.+?)(?:\s+as\s+(?:done|complete|finished))?$/i.exec(text);
  if (m) return tool({ name: "complete_task", args: { task: unquote(m[1]!) } });
  m = /^(?:delete|remove)(?: task)?:?\s+(.+)$/i.exec(text);
  if (m) return tool({ name: "delete_task", args: { task: unquote(m[1]!) } });
  m = /^(?:summari[sz]e|summary of|summary for|how is|how's)(?: project)?:?\s+(.+?)\??$/i.exec(text);
  if (m) return tool({ name: "summarise_project", args: { project: unquote(m[1]!) } });
  m = /^(?:find|search(?: for)?|look for)(?: tasks?)?:?\s+(.+)$/i.exec(text);
  if (m) return tool({ name: "search_tasks", args: { query: unquote(m[1]!) } });
  m = /^(?:list|show)(?: me)?(?: all| my)*(?: (open|done|today'?s?|overdue))? tasks?(?: (due today|done|for today))?(?:\s+(?:in|for|of|from)(?: project)?\s+(.+?))?\??$/i.exec(text);
  if (m) {
    const view = viewOf(`${m[1] ?? ""} ${m[2] ?? ""}`);
    return tool({ name: "list_tasks", args: { ...(m[3] ? { project: unquote(m[3]) } : {}), ...(view ? { view } : {}) } });
  }
  return { kind: "unknown" };
}

function viewOf(words: string): TaskView | undefined {
  if (/today/.test(words)) return "today";
  if (/overdue/.test(words)) return "overdue";
  if (/done/.test(words)) return "done";
  return undefined;
}

/** "Paint hull in Garden due friday priority high": clauses are peeled from the end, by their last keyword. */
function parseCreate(rest: string): BuiltinCommand {
  let body = rest.trim();
  const found: { due?: string; priority?: string; project?: string } = {};
  for (;;) {
    const p = found.priority ? null : PRIORITY_TAIL.exec(body);
    if (p) {
      found.priority = p[1]!.toLowerCase();
      body = body.slice(0, p.index);
      continue;
    }
    // "due in 3 days" holds the keyword "in": it is read whole before the generic clause.
    const inDays = found.due ? null : /\s+(?:due|by)\s+(in \d{1,3} days?)$/i.exec(body);
    if (inDays) {
      found.due = inDays[1]!;
      body = body.slice(0, inDays.index);
      continue;
    }
    const m = /^(.*)\s+(due|by|in|priority|prio)\s+(.+)$/is.exec(body);
    // Inside an open quote the keyword belongs to the title.
    if (!m || (m[1]!.match(/["“”]/g)?.length ?? 0) % 2 === 1) break;
    const [, before, keyword, tail] = m as unknown as [string, string, string, string];
    const key = keyword.toLowerCase();
    if ((key === "due" || key === "by") && !found.due) {
      if (parseDue(tail)) {
        found.due = tail.trim();
        body = before;
        continue;
      }
      if (key === "due") return { kind: "invalid", reason: `I couldn't read the due date "${tail}". Try today, tomorrow, a weekday such as friday, or a date like 2026-12-01.` };
      break;
    }
    if ((key === "priority" || key === "prio") && !found.priority && /^(low|medium|high)$/i.test(tail.trim())) {
      found.priority = tail.trim().toLowerCase();
      body = before;
      continue;
    }
    if (key === "in" && !found.project) {
      found.project = unquote(tail.replace(/^project\s+/i, ""));
      body = before;
      continue;
    }
    break;
  }
  const title = unquote(body);
  if (!title) return { kind: "invalid", reason: 'Tell me the task\'s title, e.g. "create task Paint hull in Garden due friday".' };
  const { due, priority, project } = found;
  return tool({ name: "create_task", args: { title, ...(project ? { project } : {}), ...(due ? { due } : {}), ...(priority ? { priority } : {}) } });
}
