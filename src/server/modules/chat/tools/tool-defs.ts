import { z } from "zod";
import { taskPriorities, taskViews } from "@/shared/work";
import type { LlmTool } from "../../../lib/llm/types";
import type { ToolName } from "./tool-types";

const ref = (what: string) => z.string().trim().min(1).max(500).describe(what);

/** Each tool's arguments, parsed the same way whether a model or the built-in parser sent them. */
export const toolArgs = {
  list_tasks: z.object({ project: ref("Project name or id; leave out for every project").optional(), view: z.enum(taskViews).optional().describe("all, today (due today), overdue or done") }),
  search_tasks: z.object({ query: ref("Words in the task title") }),
  create_task: z.object({
    title: ref("The task title"),
    project: ref("Project name or id").optional(),
    due: z.string().trim().max(64).optional().describe("today, tomorrow, a weekday (friday), next monday, in 3 days, or an ISO date 2026-12-01"),
    priority: z.enum(taskPriorities).optional(),
  }),
  complete_task: z.object({ task: ref("Task title or id") }),
  delete_task: z.object({ task: ref("Task title or id") }),
  summarise_project: z.object({ project: ref("Project name or id") }),
  list_overdue: z.object({}),
  assign_task: z.object({ task: ref("Task title or id"), person: ref("A member's name or email, me, or nobody to unassign") }),
  label_task: z.object({ task: ref("Task title or id"), labels: ref("Label names separated by commas; new ones are created") }),
  comment_task: z.object({ task: ref("Task title or id"), text: z.string().trim().min(1).max(10_000).describe("The comment, in Markdown") }),
  start_browser_task: z.object({
    task: ref("Title or id of the task the result belongs to"),
    instructions: z.string().trim().min(1).max(4_000).describe("What the browser agent should do on the web, in plain words"),
  }),
  send_message_to_member: z.object({
    person: ref("A member's name or email"),
    text: z.string().trim().min(1).max(3_000).describe("The message, in plain words"),
  }),
  create_calendar_event: z.object({
    task: ref("Title or id of the task the event is for"),
    when: z.string().trim().min(1).max(64).describe("When: an ISO 8601 date-time with offset (2026-12-01T14:00:00+01:00), or a day (tomorrow, friday, 2026-12-01)"),
  }),
} satisfies Record<ToolName, z.ZodType>;

const descriptions: Record<ToolName, string> = {
  list_tasks: "List tasks, optionally of one project and one view (today, overdue, done).",
  search_tasks: "Find tasks whose title contains some words.",
  create_task: "Create a task in a project, with an optional due date and priority.",
  complete_task: "Mark a task as done.",
  delete_task: "Delete a task. The user is asked to confirm before it is deleted.",
  summarise_project: "Summarise a project: open, done and overdue tasks and the next due one.",
  list_overdue: "List overdue tasks across all projects.",
  assign_task: "Assign a task to a member of the organisation (or unassign it).",
  label_task: "Add labels to a task.",
  comment_task: "Add a comment to a task as the user.",
  start_browser_task: "Start a Browser Use web agent on some instructions; when it finishes, its result is posted as a comment on the given task.",
  send_message_to_member: "Send a text message to a member of the organisation on the chat they linked (Telegram or WhatsApp). Only members who linked a chat can be reached.",
  create_calendar_event: "Create a calendar event for a task: sets the task's due date and time; it appears in the assignee's Google Calendar when connected, otherwise in their calendar feed.",
};

/** The tools as the model sees them: name, description and a JSON Schema of the arguments. */
export const llmTools: LlmTool[] = (Object.keys(toolArgs) as ToolName[]).map((name) => {
  const { $schema: _schema, ...parameters } = z.toJSONSchema(toolArgs[name]) as Record<string, unknown>;
  return { name, description: descriptions[name], parameters };
});

export const isToolName = (name: string): name is ToolName => name in toolArgs;
