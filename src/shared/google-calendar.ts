import { z } from "zod";

/**
 * The caller's Google Calendar as the card shows it. `configured` false: the operator set no OAuth
 * client, so there is nothing to connect. `reconnect`: Google refused our refresh token
 * (invalid_grant, access removed in the Google account): the user connects again.
 */
export const googleCalendarStatus = z
  .object({
    configured: z.boolean(),
    state: z.enum(["not_connected", "connected", "reconnect"]),
    calendar: z.string().nullable(),
    connected_at: z.string().nullable(),
    synced_events: z.number().int(),
    last_error: z.string().nullable(),
    last_error_at: z.string().nullable(),
  })
  .meta({ id: "GoogleCalendarStatus" });
export type GoogleCalendarStatus = z.infer<typeof googleCalendarStatus>;

/** Why the callback sent the browser back without connecting; the card shows each in the user's language. */
export const googleCalendarOutcomes = ["connected", "not_configured", "invalid_state", "expired", "other_user", "signed_out", "denied", "exchange_failed", "verify_failed"] as const;
export type GoogleCalendarOutcome = (typeof googleCalendarOutcomes)[number];

/** The callback's query as Google sends it: a code and our state, or an error (access_denied). */
export const googleCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2048).optional(),
});
