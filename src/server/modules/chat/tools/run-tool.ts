import { z } from "zod";
import { AppError } from "../../../lib/errors";
import { completeTaskTool } from "./complete-task-tool";
import { createTaskTool } from "./create-task-tool";
import { proposeDeleteTask } from "./delete-task-tool";
import { listOverdueTool, listTasksTool, searchTasksTool } from "./list-tasks-tool";
import { summariseProjectTool } from "./summarise-project-tool";
import { assignTaskTool, commentTaskTool, labelTaskTool } from "./team-task-tools";
import { startBrowserTaskTool } from "./start-browser-task-tool";
import { sendMessageToMemberTool } from "./send-message-tool";
import { createCalendarEventTool } from "./calendar-event-tool";
import { toolArgs } from "./tool-defs";
import { failedOutcome, type ToolCall, type ToolCtx, type ToolName, type ToolOutcome } from "./tool-types";

/** A failed card's title when the tool could not even start. */
const toolTitles: Record<ToolName, string> = {
  list_tasks: "List tasks",
  search_tasks: "Search tasks",
  create_task: "Create a task",
  complete_task: "Complete a task",
  delete_task: "Delete a task",
  summarise_project: "Summarise a project",
  list_overdue: "List overdue tasks",
  assign_task: "Assign a task",
  label_task: "Label a task",
  comment_task: "Comment on a task",
  start_browser_task: "Start a browser task",
  send_message_to_member: "Send a message to a member",
  create_calendar_event: "Create a calendar event",
};

/**
 * Runs one tool call: arguments are parsed by the tool's schema (once, in dispatch), the work is done by the existing
 * verbs. A refusal the user can act on (bad input, not found, plan limit) becomes a failed card.
 */
export async function runTool(ctx: ToolCtx, call: ToolCall): Promise<ToolOutcome> {
  const title = toolTitles[call.name];
  try {
    return await dispatch(ctx, call.name, call.args);
  } catch (error) {
    if (error instanceof z.ZodError) return failedOutcome(call.name, title, `The arguments were not valid: ${error.issues.map((i) => `${i.path.join(".") || "input"} ${i.message}`).join("; ")}`);
    if (error instanceof AppError && error.code !== "internal" && error.code !== "unavailable") {
      const fields = error.fields ? Object.values(error.fields).join("; ") : "";
      return failedOutcome(call.name, title, fields && fields !== error.message ? `${error.message}: ${fields}` : error.message);
    }
    throw error;
  }
}

type ToolArgs<K extends ToolName> = z.infer<(typeof toolArgs)[K]>;
// Mapped over the tool name, so a name picks its own schema and runner together.
const schemas: { [K in ToolName]: z.ZodType<ToolArgs<K>> } = toolArgs;
const runners: { [K in ToolName]: (ctx: ToolCtx, args: ToolArgs<K>) => Promise<ToolOutcome> } = {
  list_tasks: listTasksTool,
  search_tasks: searchTasksTool,
  create_task: createTaskTool,
  complete_task: completeTaskTool,
  delete_task: proposeDeleteTask,
  summarise_project: summariseProjectTool,
  list_overdue: (ctx) => listOverdueTool(ctx),
  assign_task: assignTaskTool,
  label_task: labelTaskTool,
  comment_task: commentTaskTool,
  start_browser_task: startBrowserTaskTool,
  send_message_to_member: sendMessageToMemberTool,
  create_calendar_event: createCalendarEventTool,
};

function dispatch<K extends ToolName>(ctx: ToolCtx, name: K, args: unknown): Promise<ToolOutcome> {
  return runners[name](ctx, schemas[name].parse(args));
}
