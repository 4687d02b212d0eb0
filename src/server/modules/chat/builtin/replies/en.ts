import type { Replies } from "./replies";

const help = [
  "I can help with your tasks and projects. Try:",
  '- "create task Paint hull in Garden due friday priority high" (due: today, tomorrow, a weekday, next monday, in 3 days or 2026-12-01)',
  '- "complete task Paint hull"',
  '- "delete task Paint hull" (I ask you to confirm first)',
  '- "what is overdue?"',
  '- "summarise Garden"',
  '- "list tasks in Garden" (or "list tasks due today", "show done tasks")',
  '- "find rope"',
  '- "status" for counts of tasks, projects and agent jobs',
  "I understand German and French commands too.",
].join("\n");

const headings = { all: "Tasks", today: "Tasks due today", overdue: "Overdue tasks", done: "Done tasks" } as const;
const jobStates = { queued: "queued", sent: "sent", done: "done", failed: "failed" } as const;

export const en: Replies = {
  locale: "en-GB",
  help,
  didNotUnderstand: `I didn't understand that. ${help}`,
  dueUnreadable: (due) => `I couldn't read the due date "${due}". Try today, tomorrow, a weekday such as friday, or a date like 2026-12-01.`,
  titleMissing: 'Tell me the task\'s title, e.g. "create task Paint hull in Garden due friday".',
  created: (line) => `Created task ${line}.`,
  completed: (title) => `Marked "${title}" as done.`,
  alreadyDone: (title) => `"${title}" was already done.`,
  confirmDelete: (title, project) => `Delete "${title}" from ${project}? Please confirm or cancel in the chat.`,
  quoted: (title) => `"${title}"`,
  due: (day) => `due ${day}`,
  priority: (priority) => `${priority} priority`,
  done: "done",
  heading: (view, project) => (project ? `${headings[view]} in ${project}` : headings[view]),
  matching: (query) => `Tasks matching "${query}"`,
  none: (heading) => `${heading}: none.`,
  andMore: "…and more",
  nothingOverdue: "Nothing is overdue. Well done!",
  summary: (project, open, done, overdue) => `${project}: ${open} open, ${done} done, ${overdue} overdue.`,
  nextDue: (title, day) => `Next due: "${title}" on ${day}.`,
  nothingUpcoming: "Nothing upcoming with a due date.",
  status: (s) =>
    [
      `Tasks: ${s.all} (${s.today} due today, ${s.overdue} overdue, ${s.done} done).`,
      `Projects: ${s.projects}${s.limit === null ? "" : ` of ${s.limit} allowed`}.`,
      `Agent jobs: ${s.jobs}${s.byState.length ? ` (${s.byState.map(([n, state]) => `${n} ${jobStates[state]}`).join(", ")})` : ""}.`,
    ].join("\n"),
};
