import { z } from "zod";

/** Every feed secret starts with this, so a leaked URL is recognisable (secret scanners, logs). */
export const CALENDAR_FEED_PREFIX = "whq_cal_";

/** How many projects a feed may follow beside the user's own assignments. */
export const MAX_FEED_PROJECTS = 200;

/** A project the user may add to their feed: one of an organisation they belong to now. */
export const calendarFeedProject = z.object({ id: z.uuid(), name: z.string(), org_id: z.uuid(), org_name: z.string() }).meta({ id: "CalendarFeedProject" });
export type CalendarFeedProject = z.infer<typeof calendarFeedProject>;

/**
 * The caller's feed as the card shows it: never the secret (only a hash is stored), only its last
 * four characters; the URL is in the answer to a create or regenerate and nowhere else.
 */
export const calendarFeedStatus = z
  .object({
    active: z.boolean(),
    hint: z.string().nullable(),
    created_at: z.string().nullable(),
    last_fetched_at: z.string().nullable(),
    project_ids: z.array(z.uuid()),
    projects: z.array(calendarFeedProject),
  })
  .meta({ id: "CalendarFeedStatus" });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** The answer to a create or regenerate: the only time the feed's URL leaves the server. */
export const createdCalendarFeed = z.object({ url: z.string(), feed: calendarFeedStatus }).meta({ id: "CreatedCalendarFeed" });
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeed>;

export const calendarFeedProjectsInput = z
  .object({ project_ids: z.array(z.uuid("Project id is not valid")).max(MAX_FEED_PROJECTS, `Choose at most ${MAX_FEED_PROJECTS} projects`) })
  .strict()
  .meta({ id: "CalendarFeedProjectsInput" });
export type CalendarFeedProjectsInput = z.infer<typeof calendarFeedProjectsInput>;

/** The public feed's path parameter: the secret, with or without the ".ics" calendar apps like to see. */
export const calendarFeedParams = z.object({ token: z.string().max(200) });
