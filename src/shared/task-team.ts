import { z } from "zod";
import { taskStatuses } from "./work-values";
import { task, userId } from "./work";

// Contracts for a team's work on tasks: labels, comments, the board, activity and saved views.

const labelName = z.string().trim().min(1, "Name is required").max(50, "Use at most 50 characters");
const labelColor = z.string().max(7).regex(/^#[0-9a-fA-F]{6}$/, "Pick a colour like #6366f1");

export const label = z.object({ id: z.uuid(), name: z.string(), color: z.string(), task_count: z.number() });
export type Label = z.infer<typeof label>;
export const labelList = z.object({ labels: z.array(label) });
export const createLabelInput = z.object({ name: labelName, color: labelColor.default("#64748b") });
export type CreateLabelInput = z.input<typeof createLabelInput>;
export const updateLabelInput = z.object({ name: labelName.optional(), color: labelColor.optional() });
export type UpdateLabelInput = z.input<typeof updateLabelInput>;

export const commentBody = z.string().trim().min(1, "Write a comment first").max(10_000, "Use at most 10,000 characters");
export const comment = z.object({
  id: z.uuid(),
  task_id: z.uuid(),
  author_id: z.string().nullable(),
  body: z.string(),
  mentions: z.array(z.string()),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});
export type Comment = z.infer<typeof comment>;
/** `mentions`: the members named with @; anyone not a member when it lands is left out. */
export const createCommentInput = z.object({ body: commentBody, mentions: z.array(userId).max(50, "Mention at most 50 people").default([]) });
export type CreateCommentInput = z.input<typeof createCommentInput>;
export const updateCommentInput = createCommentInput;
export const commentPage = z.object({ comments: z.array(comment), next_cursor: z.string().nullable() });
export type CommentPage = z.infer<typeof commentPage>;
// order=newest pages back from the latest comment (the task page shows the newest first and loads older on demand).
export const commentPageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  order: z.enum(["oldest", "newest"]).default("oldest"),
});

/** A card dropped on the board: its column, and the cards it now sits between (null: an end of the column). */
export const moveTaskInput = z.object({
  status: z.enum(taskStatuses),
  after_id: z.uuid("Card id is not valid").nullable().default(null),
  before_id: z.uuid("Card id is not valid").nullable().default(null),
});
export type MoveTaskInput = z.input<typeof moveTaskInput>;

/** One column of the board, in rank order, a keyset page at a time. */
export const boardQuery = z.object({
  status: z.enum(taskStatuses),
  project_id: z.uuid().optional(),
  assignee: z.string().trim().min(1).max(64).optional(),
  label_id: z.uuid().optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type BoardQuery = z.input<typeof boardQuery>;
export const boardPage = z.object({ tasks: z.array(task), next_cursor: z.string().nullable() });
export type BoardPage = z.infer<typeof boardPage>;

/** One line of a task's history, read from the audit rows; the browser words it in the reader's language. */
export const activityEntry = z.object({
  id: z.uuid(),
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;
export const activityList = z.object({ activity: z.array(activityEntry) });

export const savedView = z.object({ id: z.uuid(), name: z.string(), query: z.string(), created_at: z.string() });
export type SavedView = z.infer<typeof savedView>;
export const savedViewList = z.object({ views: z.array(savedView) });
export const createSavedViewInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(60, "Use at most 60 characters"),
  query: z.string().max(1000, "Use at most 1,000 characters"),
});
export type CreateSavedViewInput = z.input<typeof createSavedViewInput>;
