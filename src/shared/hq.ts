import { z } from "zod";

// The /hq switchboard: the browser sends a line, the server forwards it (with the sender taken
// from the session) to the operator's n8n hosts at /webhook/hq-switchboard, primary then fallbacks.

export const HQ_MESSAGE_MAX = 4000;
/** Spec, section 7: the probe the page sends on load. */
export const HQ_TEST_MESSAGE = "test_connection";
/** One primary host and two fallbacks (spec, section 7). */
export const HQ_MAX_HOSTS = 3;
export const HQ_WEBHOOK_PATH = "hq-switchboard";

/** POST /api/v1/hq/messages. Who sends it is the session's business: identity fields are dropped. */
export const hqMessageInput = z.object({
  message: z.string().trim().min(1, "Type a message").max(HQ_MESSAGE_MAX, `Use at most ${HQ_MESSAGE_MAX} characters`),
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, "Session id is not valid"),
});
export type HqMessageInput = z.infer<typeof hqMessageInput>;

/** What n8n receives (spec, section 7): every field but message and sessionId comes from the server. */
export type HqSwitchboardBody = { message: string; userId: string; userEmail: string; timestamp: string; sessionId: string };

/**
 * The answer: the reply of the first host that took it (0 primary, 1 and 2 fallbacks; never its
 * address), or why none did. reply is null when the host answered without a response or message.
 */
export const hqMessageResponse = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), reply: z.string().nullable(), host_index: z.number().int().min(0).max(HQ_MAX_HOSTS - 1) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type HqMessageResponse = z.infer<typeof hqMessageResponse>;

/** GET /api/v1/hq/status */
export type HqStatusResponse = { configured: boolean; hosts: number };
