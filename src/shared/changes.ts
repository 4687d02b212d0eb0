import { z } from "zod";

/**
 * One `change` event of an organisation's live feed: the server publishes it (lib/events.ts),
 * the browser reads it to decide what to refetch (web/lib/change-scope.ts). Ids and kinds only.
 */
export const liveChange = z.object({
  // health: a platform scan or the auto-repair settings (modules/health/platform/).
  // smoke: the smoke tests' own event (modules/smoke/sse-check.ts); it changes nothing shown.
  // label: an organisation's label. comment: a task's comments changed (id is the task's).
  // notification: someone's inbox changed (id is that user's id; the browser refetches its own only).
  // member: a membership (id: the user's id) was created, its role changed, or it ended; every
  // open tab of the organisation refetches who is a member and with which role.
  // invitation: created, withdrawn or accepted. import: a CSV import's progress (its row's id).
  entity: z.enum(["plane", "project", "task", "connection", "job", "agent", "workflow", "smoke", "health", "label", "comment", "notification", "member", "invitation", "import"]),
  id: z.string(),
  action: z.enum(["created", "updated", "deleted"]),
});
export type LiveChange = z.infer<typeof liveChange>;

/** The same, as it travels through Postgres NOTIFY: with the organisation it belongs to. */
export const change = liveChange.extend({ org_id: z.uuid() });
export type Change = z.infer<typeof change>;

/**
 * The other events of the feed. `resync`: changes may have been missed, refetch the organisation
 * (the reader fell behind, or the server's LISTEN connection was lost and is back). `end`: the
 * server ends this stream; "unavailable" means try again later and resync (the server could not
 * listen for changes, or is shutting down), the others that the caller may no longer listen.
 */
export const resyncReasons = ["overflow", "reconnected"] as const;
export type ResyncReason = (typeof resyncReasons)[number];
export const streamResync = z.object({ reason: z.enum(resyncReasons) });
/** The data of a `resync` event, as the server writes it. */
export type StreamResync = z.infer<typeof streamResync>;

export const streamEndReasons = ["signed_out", "not_member", "unavailable"] as const;
export type StreamEndReason = (typeof streamEndReasons)[number];
export const streamEnd = z.object({ reason: z.enum(streamEndReasons) });
/** The data of an `end` event, as the server writes it. */
export type StreamEnd = z.infer<typeof streamEnd>;
