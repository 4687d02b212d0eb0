import { z } from "zod";

import { planeTypes, projectStatuses, reminderLeads, taskPriorities, taskStatuses, taskViews } from "./work-values";

// Contracts for planes, projects and tasks: the server parses with them, the browser's forms too.
export * from "./work-values";

const name = z.string().trim().min(1, "Name is required").max(120, "Use at most 120 characters");
const hexColor = z.string().max(7).regex(/^#[0-9a-fA-F]{6}$/, "Pick a colour like #6366f1");
const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).nullish().transform((v) => v || null);
const websiteUrl = z
  .string()
  .trim()
  .max(2048)
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || /^https?:\/\/[^\s]+\.[^\s]+$/.test(v), "Give a full address starting with https://");

export const plane = z.object({
  id: z.uuid(),
  name: z.string(),
  key: z.string(),
  type: z.string(),
  org_id: z.uuid(),
  created_at: z.string(),
  project_count: z.number(),
  active_project_count: z.number(),
  /** Tasks across all the plane's projects (the delete dialog says how many go with it). */
  task_count: z.number(),
  recent_projects: z.array(z.object({ id: z.uuid(), name: z.string(), status: z.string(), created_at: z.string() })),
});
export type Plane = z.infer<typeof plane>;

export const createPlaneInput = z.object({
  name,
  type: z.enum(planeTypes).default("work"),
  key: z.string().max(40).trim().toUpperCase().regex(/^[A-Z][A-Z0-9]{1,9}$/, "2 to 10 letters or digits, starting with a letter").optional(),
});
export type CreatePlaneInput = z.input<typeof createPlaneInput>;
export const updatePlaneInput = z.object({ name: name.optional(), type: z.enum(planeTypes).optional() });
export type UpdatePlaneInput = z.infer<typeof updatePlaneInput>;

/** Deleting a plane that holds projects: move them to another plane, or delete them with their tasks. */
export const deletePlaneQuery = z.object({
  projects: z.enum(["refuse", "move", "delete"]).default("refuse"),
  target: z.uuid("Choose the plane to move the projects to").optional(),
});

export const project = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  status: z.string(),
  plane_id: z.uuid(),
  description: z.string().nullable(),
  website_url: z.string().nullable(),
  created_at: z.string(),
  task_count: z.number(),
  open_task_count: z.number(),
  /** Beyond the Starter plan's projects after a trial ended: readable and deletable, not editable. */
  read_only: z.boolean(),
});
export type Project = z.infer<typeof project>;

/** Projects against the plan's limit now (null: unlimited); read_only are those beyond it. */
export const projectUsage = z.object({ used: z.number(), limit: z.number().nullable(), read_only: z.number() });
export type ProjectUsage = z.infer<typeof projectUsage>;

export const createProjectInput = z.object({
  plane_id: z.uuid("Choose a plane"),
  name,
  color: hexColor.default("#6366f1"),
  status: z.enum(projectStatuses).default("active"),
  description: optionalText(2000),
  website_url: websiteUrl,
});
export type CreateProjectInput = z.input<typeof createProjectInput>;
export const updateProjectInput = z.object({
  plane_id: z.uuid().optional(),
  name: name.optional(),
  color: hexColor.optional(),
  status: z.enum(projectStatuses).optional(),
  // optional() so a PATCH that leaves them out keeps them (the bare transform turned absent into null).
  description: optionalText(2000).optional(),
  website_url: websiteUrl.optional(),
});
export type UpdateProjectInput = z.input<typeof updateProjectInput>;

export const task = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  project_id: z.uuid(),
  priority: z.enum(taskPriorities),
  status: z.enum(taskStatuses),
  due_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  projects: z.object({ name: z.string(), color: z.string() }),
  /** Users' ids (better-auth's, not uuids); the browser names them from the member list. */
  author_id: z.string().nullable(),
  assignee_id: z.string().nullable(),
  label_ids: z.array(z.uuid()),
  /** The board's order within a status column (fractional indexing). */
  rank: z.string(),
  reminder_minutes: z.number().nullable(),
  repeat: z.object({ rule: z.string(), tz: z.string(), from: z.enum(["due", "completion"]) }).nullable(),
});
export type Task = z.infer<typeof task>;

// Building an Intl.DateTimeFormat costs a third of a millisecond, on every list request; the names
// that passed are remembered (a few hundred exist, so the set stays small).
const knownTimeZones = new Set<string>();
const MAX_REMEMBERED_ZONES = 1000;
const isTimeZone = (tz: string) => {
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
  } catch {
    return false;
  }
  if (knownTimeZones.size < MAX_REMEMBERED_ZONES) knownTimeZones.add(tz);
  return true;
};
const timeZoneName = z.string().max(64).refine(isTimeZone, "Unknown time zone");
export const timeZone = timeZoneName.default("UTC");

/** Years both Postgres and JavaScript write as four digits; outside them a date is a typo, not a plan. */
export const MIN_DUE_YEAR = 1000;
export const MAX_DUE_YEAR = 9999;
export const isDueYearInRange = (iso: string) => {
  const year = new Date(iso).getUTCFullYear();
  return year >= MIN_DUE_YEAR && year <= MAX_DUE_YEAR;
};
const dueAt = z.iso
  .datetime({ offset: true, message: "Give the due date as an ISO date-time" })
  .refine(isDueYearInRange, `Give a due date between the years ${MIN_DUE_YEAR} and ${MAX_DUE_YEAR}`)
  .nullish()
  .transform((v) => v ?? null);

/** A user's id as better-auth writes it; membership is checked on the server. */
export const userId = z.string().trim().min(1, "Choose a member").max(64, "Choose a member");
const labelIds = z.array(z.uuid("Label id is not valid")).max(20, "Use at most 20 labels").transform((ids) => [...new Set(ids)]);
const reminderMinutes = z
  .number()
  .int()
  .refine((m) => (reminderLeads as readonly number[]).includes(m), "Choose one of the offered reminder times")
  .nullable();

/**
 * A repeat as an RFC 5545 rule body (FREQ=WEEKLY;BYDAY=MO,WE) read in `tz`'s wall time; `from`
 * "completion" counts the interval from when the task is done ("every 3 days after completion").
 * The server parses the rule with the rrule library and refuses what it cannot read.
 */
export const taskRepeat = z.object({
  rule: z
    .string()
    .trim()
    .max(200, "Use at most 200 characters")
    .regex(/^FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(;[A-Z]+=[A-Z0-9,+-]+)*$/, "Give a repeat rule such as FREQ=WEEKLY;BYDAY=MO"),
  tz: timeZoneName,
  from: z.enum(["due", "completion"]).default("due"),
});
export type TaskRepeat = z.input<typeof taskRepeat>;

export const createTaskInput = z.object({
  title: z.string().trim().min(1, "Please fill in title and select a project").max(500, "Use at most 500 characters"),
  project_id: z.uuid("Please fill in title and select a project"),
  priority: z.enum(taskPriorities).default("medium"),
  due_at: dueAt,
  description: optionalText(5000),
  assignee_id: userId.nullish().transform((v) => v ?? null),
  label_ids: labelIds.optional(),
  reminder_minutes: reminderMinutes.optional(),
  repeat: taskRepeat.nullish(),
});
export type CreateTaskInput = z.input<typeof createTaskInput>;
export const updateTaskInput = z.object({
  title: z.string().trim().min(1, "Title is required").max(500).optional(),
  project_id: z.uuid().optional(),
  priority: z.enum(taskPriorities).optional(),
  status: z.enum(taskStatuses).optional(),
  due_at: dueAt.optional(),
  description: optionalText(5000).optional(),
  assignee_id: userId.nullable().optional(),
  label_ids: labelIds.optional(),
  reminder_minutes: reminderMinutes.optional(),
  repeat: taskRepeat.nullable().optional(),
});
export type UpdateTaskInput = z.input<typeof updateTaskInput>;


const dayOrInstant = z.iso.datetime({ offset: true, message: "Give the date as an ISO date-time" }).optional();

/** The list's filters, as they stand in the page's URL; `assignee` is a member's id, "me" or "none". */
export const taskFilters = z.object({
  assignee: z.string().trim().min(1).max(64).optional(),
  label_id: z.uuid("Label id is not valid").optional(),
  status: z.enum(taskStatuses).optional(),
  priority: z.enum(taskPriorities).optional(),
  due_from: dayOrInstant,
  due_to: dayOrInstant,
});
export type TaskFilters = z.infer<typeof taskFilters>;

export const taskListQuery = taskFilters.extend({
  view: z.enum(taskViews).default("all"),
  tz: timeZone,
  project_id: z.uuid().optional(),
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TaskListQuery = z.input<typeof taskListQuery>;

export const taskPage = z.object({ tasks: z.array(task), next_cursor: z.string().nullable() });
export type TaskPage = z.infer<typeof taskPage>;

export const taskCounts = z.object({ all: z.number(), today: z.number(), overdue: z.number(), done: z.number() });
export type TaskCounts = z.infer<typeof taskCounts>;

export const pageQuery = z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(50) });

/** Planes (oldest first) and projects (newest first) come in keyset pages like the task lists. */
export const planeListQuery = pageQuery;
export type PlaneListQuery = z.input<typeof planeListQuery>;
export const planePage = z.object({ planes: z.array(plane), next_cursor: z.string().nullable() });
export type PlanePage = z.infer<typeof planePage>;
export const projectListQuery = pageQuery.extend({ plane_id: z.uuid("Plane id is not valid").optional() });
export type ProjectListQuery = z.input<typeof projectListQuery>;
export const projectPage = z.object({ projects: z.array(project), next_cursor: z.string().nullable() });
export type ProjectPage = z.infer<typeof projectPage>;

export const defaultPlanesInput = z.object({ business_name: name.default("Boats Business") });
export type DefaultPlanesInput = z.input<typeof defaultPlanesInput>;

/** One CSV row as the browser read it; the server checks each and reports per row. */
export const importRow = z.object({
  title: z.string().max(1000),
  project: z.string().max(200),
  priority: z.string().max(20).optional(),
  due: z.string().max(40).optional(),
  /** A member's email; empty or absent: unassigned. */
  assignee: z.string().max(320).optional(),
  /** Label names separated by commas; unknown ones are created. */
  labels: z.string().max(1000).optional(),
});
/** Rows one import takes: a 10 MB file of about 90,000 rows in one go (more than this many run in the background). */
export const MAX_IMPORT_ROWS = 100_000;
export const importTasksInput = z.object({
  rows: z.array(importRow).min(1, "The file has no rows").max(MAX_IMPORT_ROWS, "Import at most 100,000 rows at a time"),
  /** Chosen by the browser once per file it read: a retried import with the same key adds nothing. */
  import_key: z.string().regex(/^[\w-]{8,64}$/, "Import key is not valid").optional(),
});
export type ImportTasksInput = z.infer<typeof importTasksInput>;
export const importResult = z.object({
  imported: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
  /** True when this import key was imported before: nothing was added this time. */
  repeated: z.boolean().optional(),
});
export type ImportResult = z.infer<typeof importResult>;
