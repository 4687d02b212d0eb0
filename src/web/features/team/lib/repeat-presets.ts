import type { Task, TaskRepeat } from "@/shared/work";

const DAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/**
 * The repeats the task page offers, as RFC 5545 rules in the browser's zone: daily, weekdays,
 * weekly on the due day, monthly on its day of the month or the last weekday, every 3 days after
 * completion. Built from the due date, so "weekly" means on the day it is due.
 */
export function repeatPresets(dueAt: string | null, tz: string): Record<string, TaskRepeat | null> {
  const due = dueAt ? new Date(dueAt) : new Date();
  const weekday = DAYS[["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(new Intl.DateTimeFormat("en-US", { timeZone: tz, weekday: "short" }).format(due))] ?? "MO";
  const day = Number(new Intl.DateTimeFormat("en-US", { timeZone: tz, day: "numeric" }).format(due));
  const rule = (r: string, from: "due" | "completion" = "due"): TaskRepeat => ({ rule: r, tz, from });
  return {
    none: null,
    daily: rule("FREQ=DAILY"),
    weekdays: rule("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
    weekly: rule(`FREQ=WEEKLY;BYDAY=${weekday}`),
    monthly: rule(`FREQ=MONTHLY;BYMONTHDAY=${day}`),
    lastWeekday: rule("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
    afterCompletion: rule("FREQ=DAILY;INTERVAL=3", "completion"),
  };
}

/** Which preset a stored repeat is, or "custom" for a rule set elsewhere (the API). */
export function presetOf(repeat: Task["repeat"]): string {
  if (!repeat) return "none";
  if (repeat.from === "completion") return repeat.rule === "FREQ=DAILY;INTERVAL=3" ? "afterCompletion" : "custom";
  if (repeat.rule === "FREQ=DAILY") return "daily";
  if (repeat.rule === "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR") return "weekdays";
  if (/^FREQ=WEEKLY;BYDAY=[A-Z]{2}$/.test(repeat.rule)) return "weekly";
  if (/^FREQ=MONTHLY;BYMONTHDAY=\d+$/.test(repeat.rule)) return "monthly";
  if (repeat.rule === "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1") return "lastWeekday";
  return "custom";
}
