import type { TaskView } from "@/shared/work";
import { tool, unquote, type BuiltinCommand } from "./parse-create";

/** A list of tasks: which view the words ask for (today, overdue, done), of one project or all. */
export function listCommand(words: string, project: string | undefined): BuiltinCommand {
  const view = viewOf(words.toLowerCase().normalize("NFD").replace(/\p{M}/gu, ""));
  return tool({ name: "list_tasks", args: { ...(project ? { project: unquote(project) } : {}), ...(view ? { view } : {}) } });
}

function viewOf(words: string): TaskView | undefined {
  if (/today|heute|aujourd|du jour/.test(words)) return "today";
  if (/overdue|uberfallig|en retard/.test(words)) return "overdue";
  if (/done|erledigt|termine|fait/.test(words)) return "done";
  return undefined;
}
