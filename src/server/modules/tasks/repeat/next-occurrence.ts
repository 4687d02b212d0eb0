import rrule from "rrule";
import type { Task } from "@/shared/work";
import { AppError } from "../../../lib/errors";
import { fromWall, toWall } from "./wall-time";

const { RRule } = rrule;
type Repeat = NonNullable<Task["repeat"]>;

/** The rule's options, or a 400 naming the field: the shared schema checks its shape, rrule its sense. */
function parseRule(rule: string) {
  try {
    const options = RRule.parseString(rule);
    if (options.count !== undefined || options.until !== undefined || options.dtstart !== undefined) throw new Error("unsupported");
    // A rule that can never match (BYMONTHDAY=31 in FREQ=MONTHLY still matches; BYSETPOS=9 with 5 days does not) is caught below.
    return options;
  } catch {
    throw new AppError("bad_request", "This repeat rule cannot be read", { repeat: "Give a repeat rule such as FREQ=WEEKLY;BYDAY=MO" });
  }
}

/** Checks a repeat as a task is saved: a readable rule that yields a next date. */
export function assertRepeatable(repeat: Repeat, dueAt: Date | null): void {
  if (!dueAt) throw new AppError("bad_request", "A repeating task needs a due date", { due_at: "A repeating task needs a due date" });
  if (!nextOccurrence(repeat, dueAt, dueAt)) throw new AppError("bad_request", "This repeat rule never repeats", { repeat: "This repeat rule never repeats" });
}

/**
 * The next due instant of a repeating task: the rule's next date after `dueAt` in the zone's wall
 * time ("from due"), or the rule applied from the day it was completed, at the same time of day
 * ("from completion": every N days after completion).
 */
export function nextOccurrence(repeat: Repeat, dueAt: Date, completedAt: Date): Date | null {
  try {
    return next(repeat, dueAt, completedAt);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // rrule reads some parts only when it evaluates the rule (BYDAY=XX).
    throw new AppError("bad_request", "This repeat rule cannot be read", { repeat: "Give a repeat rule such as FREQ=WEEKLY;BYDAY=MO" });
  }
}

function next(repeat: Repeat, dueAt: Date, completedAt: Date): Date | null {
  const options = parseRule(repeat.rule);
  const dueWall = toWall(dueAt, repeat.tz);
  let start = dueWall;
  if (repeat.from === "completion") {
    const doneWall = toWall(completedAt, repeat.tz);
    start = new Date(Date.UTC(doneWall.getUTCFullYear(), doneWall.getUTCMonth(), doneWall.getUTCDate(), dueWall.getUTCHours(), dueWall.getUTCMinutes(), dueWall.getUTCSeconds()));
  }
  const rule = new RRule({ ...options, dtstart: start });
  // Ten years of looking: a rule with nothing in them is taken as one that never repeats.
  const limit = new Date(start.getTime() + 10 * 366 * 86_400_000);
  const next = rule.after(start, false);
  if (!next || next > limit) return null;
  return fromWall(next, repeat.tz);
}
