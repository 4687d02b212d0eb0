/**
 * When a task's reminder is due: its lead before the due time, or at once when that moment has
 * passed but the task is not yet due. None for an undated task, one already due, or no lead.
 */
export function remindAtOf(dueAt: Date | null, minutes: number | null, now: Date): Date | null {
  if (!dueAt || minutes === null || dueAt <= now) return null;
  const at = new Date(dueAt.getTime() - minutes * 60_000);
  return at > now ? at : now;
}

/** A new dated task is reminded a day ahead unless its author chose otherwise. */
export const DEFAULT_REMINDER_MINUTES = 1440;
