import { z } from "zod";

/**
 * One `change` event of an organisation's live feed: the server publishes it (lib/events.ts),
 * the browser reads it to decide what to refetch (web/lib/change-scope.ts). Ids and kinds only.
 */
export const liveChange = z.object({
  entity: z.enum(["plane", "project", "task", "connection"]),
  id: z.string(),
  action: z.enum(["created", "updated", "deleted"]),
});
export type LiveChange = z.infer<typeof liveChange>;

/** The same, as it travels through Postgres NOTIFY: with the organisation it belongs to. */
export const change = liveChange.extend({ org_id: z.uuid() });
export type Change = z.infer<typeof change>;
