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

export type ProjectMailAddress = {
  project_id: string;
  /** Null until someone makes one (POST …/address). */
  address: string | null;
  allowed_senders: string[];
};

export const inboundOutcomes = ["task", "comment", "forwarding_confirmation", "duplicate", "refused_sender", "refused_token", "rate_limited", "project_read_only"] as const;
export type InboundOutcome = (typeof inboundOutcomes)[number];

export type InboundMailSummary = {
  outcome: InboundOutcome;
  sender: string;
  subject: string;
  task_id: string | null;
  project_id: string | null;
  received_at: string;
};

/** The Gmail card's state: "connected" only when the receiver is on and a mail really arrived. */
export type InboundMailStatus = {
  receiver_on: boolean;
  domain: string | null;
  connected: boolean;
  last_mail: InboundMailSummary | null;
  last_error: InboundMailSummary | null;
  /** Gmail's forwarding confirmation, when one arrived: its code and link for the user to confirm. */
  forwarding_confirmation: { code: string | null; url: string | null; received_at: string } | null;
};
