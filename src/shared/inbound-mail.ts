import { z } from "zod";

/** One allow-list entry: a whole address, or `@domain` for everybody at a domain. */
export const allowedSenderEntry = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "An address is at most 254 characters")
  .regex(/^([^\s@<>"]+@[a-z0-9.-]+\.[a-z0-9-]+|@[a-z0-9.-]+\.[a-z0-9-]+)$/, "Each entry is an address (ann@example.com) or a domain (@example.com)");

export const updateProjectMailInput = z.object({
  allowed_senders: z.array(allowedSenderEntry).max(100, "At most 100 allowed senders"),
});

export const projectMailAddress = z.object({
  project_id: z.uuid(),
  /** Null until someone makes one (POST …/address). */
  address: z.string().nullable(),
  allowed_senders: z.array(z.string()),
});
export type ProjectMailAddress = z.infer<typeof projectMailAddress>;
export const projectMailResponse = z.object({ project_mail: projectMailAddress });

export const inboundOutcomes = ["task", "comment", "forwarding_confirmation", "duplicate", "refused_sender", "refused_token", "rate_limited", "project_read_only", "too_large"] as const;
export type InboundOutcome = (typeof inboundOutcomes)[number];

export const inboundMailSummary = z.object({
  outcome: z.enum(inboundOutcomes),
  sender: z.string(),
  subject: z.string(),
  task_id: z.uuid().nullable(),
  project_id: z.uuid().nullable(),
  received_at: z.string(),
});
export type InboundMailSummary = z.infer<typeof inboundMailSummary>;

/** The Gmail card's state: "connected" only when the receiver is on and a mail really arrived. */
export const inboundMailStatus = z.object({
  receiver_on: z.boolean(),
  /** Which receivers run: our SMTP receiver, the IMAP poller of a mailbox, or both. */
  receivers: z.array(z.enum(["smtp", "imap"])),
  /** The IMAP poller's last connection problem (cleared by the next good poll). */
  receiver_error: z.enum(["imap_login_failed", "imap_unreachable"]).nullable(),
  domain: z.string().nullable(),
  connected: z.boolean(),
  last_mail: inboundMailSummary.nullable(),
  last_error: inboundMailSummary.nullable(),
  /** Gmail's forwarding confirmation, when one arrived: its code and link for the user to confirm. */
  forwarding_confirmation: z.object({ code: z.string().nullable(), url: z.string().nullable(), received_at: z.string() }).nullable(),
});
export type InboundMailStatus = z.infer<typeof inboundMailStatus>;
export const inboundMailStatusResponse = z.object({ status: inboundMailStatus });
