import { eq } from "drizzle-orm";
import { z } from "zod";
import { googleCalendarConnections, user } from "../../../db/schema";
import { chargeBudget } from "../../../lib/budgets";
import { updateTask } from "../../tasks/update-task";
import { parseDue, resolveDue } from "../builtin/parse-due";
import { findTask } from "./find-task";
import type { toolArgs } from "./tool-defs";
import { failedOutcome, outcome, type ToolCtx, type ToolOutcome } from "./tool-types";

const isoInstant = z.iso.datetime({ offset: true });

function instantOf(when: string, ctx: ToolCtx): string | null {
  if (isoInstant.safeParse(when).success) return new Date(when).toISOString();
  const spec = parseDue(when);
  return spec ? resolveDue(spec, ctx.tz, ctx.now()) : null;
}

/**
 * A calendar event for a task is the task at its due time: this sets the due date and time (and
 * assigns the caller when nobody is), through the same verb as PATCH /tasks/:id. The assignee's
 * Google Calendar, when connected, gets the event from the sync job; otherwise it is in their
 * calendar feed. Counts against the agent budget like the other outside actions.
 */
export async function createCalendarEventTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["create_calendar_event"]>): Promise<ToolOutcome> {
  const found = await findTask(ctx, args.task);
  if ("error" in found) return failedOutcome("create_calendar_event", `Calendar event for "${args.task}"`, found.error);
  const { task } = found;
  const title = `Calendar event for "${task.title}"`;
  const at = instantOf(args.when, ctx);
  if (!at) return failedOutcome("create_calendar_event", title, `I couldn't read the time "${args.when}". Give an ISO date-time such as 2026-12-01T14:00:00+01:00.`);
  if (ctx.env) await chargeBudget({ db: ctx.db, env: ctx.env, now: ctx.now }, "agent", { userId: ctx.scope.userId, orgId: ctx.scope.orgId });
  const assigneeId = task.assignee_id ?? ctx.scope.userId;
  const updated = await updateTask(ctx, task.id, { due_at: at, ...(task.assignee_id ? {} : { assignee_id: ctx.scope.userId }) });
  const [google] = await ctx.db.select({ status: googleCalendarConnections.status }).from(googleCalendarConnections).where(eq(googleCalendarConnections.userId, assigneeId));
  const [person] = await ctx.db.select({ name: user.name }).from(user).where(eq(user.id, assigneeId));
  const name = person?.name ?? "—";
  const reply =
    google?.status === "connected"
      ? `"${updated.title}" is due ${at}; the event is being added to the Google Calendar of ${name}.`
      : google
        ? `"${updated.title}" is due ${at}; the Google Calendar of ${name} needs reconnecting (Integrations → Calendar), so until then the event is in their calendar feed.`
        : `"${updated.title}" is due ${at}; the event is in the calendar feed of ${name} (Integrations → Calendar), and connecting Google Calendar there puts it in Google Calendar directly.`;
  return outcome("create_calendar_event", "done", `Scheduled "${updated.title}" at ${at}`, reply, { detail: at, href: `/app/tasks/${task.id}` });
}
