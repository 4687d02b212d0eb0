import { taskViews, type TaskView } from "@/shared/work-values";

/** A task view read from the address (`?tab=`, `?view=`): anything unknown or missing is "all". */
export function parseTaskView(raw: string | null | undefined): TaskView {
  return taskViews.find((v) => v === raw) ?? "all";
}

/**
 * The search params with one key set to a value, or removed when it is the default, so the
 * default view has the plain address. Other params are kept.
 */
export function withParam(params: URLSearchParams, key: string, value: string, defaultValue: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === defaultValue) next.delete(key);
  else next.set(key, value);
  return next;
}
