/** What the built-in assistant tells a user who asks for help or says something it cannot read. */
export const BUILTIN_HELP = [
  "I can help with your tasks and projects. Try:",
  '- "create task Paint hull in Garden due friday priority high" (due: today, tomorrow, a weekday, next monday, in 3 days or 2026-12-01)',
  '- "complete task Paint hull"',
  '- "delete task Paint hull" (I ask you to confirm first)',
  '- "what is overdue?"',
  '- "summarise Garden"',
  '- "list tasks in Garden" (or "list tasks due today", "show done tasks")',
  '- "find rope"',
  '- "status" for counts of tasks, projects and agent jobs',
].join("\n");
