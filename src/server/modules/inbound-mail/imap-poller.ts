import { randomUUID } from "node:crypto";
import type { ImapFlow } from "imapflow";
import type { Logger } from "../../lib/logger";
import type { ImapConfig } from "./imap-config";
import { countUnknownRecipient, recordImapPoll, releaseImapLease, takeImapLease, type ImapProblem } from "./imap-lease";
import type { InboundTarget } from "./inbound-address";
import { DELIVERY_HEADERS, targetsOf } from "./imap-recipients";
import { mailOfRaw } from "./mail-of-raw";
import { receiveMail, recipientExists, recordTooLarge, type ReceiveDeps, type Verdict } from "./receive-mail";

export type ImapPollerOptions = ReceiveDeps & {
  imap: ImapConfig;
  domain: string;
  maxBytes: number;
  pollMs: number;
  logger: Logger;
  /** How long a socket may stay silent before the poll gives up (tests shorten it). */
  timeoutMs?: number;
  /** Test seam: runs after a mail was stored and before it is marked seen (a crash there is re-read). */
  beforeMarkSeen?: (uid: number) => Promise<void>;
  /** Mails looked at per poll (tests lower it). */
  perPoll?: number;
};

export type PollResult = { ran: false; reason: "lease" | "stopped" } | { ran: true; handled: number; problem: ImapProblem | null; error?: string };

export type ImapPoller = {
  pollOnce: () => Promise<PollResult>;
  /** How long the schedule waits after the last poll: the poll interval, or longer after failures. */
  nextPollInMs: () => number;
  stop: () => Promise<void>;
};

/** Mails handled per poll: a full mailbox is worked off over several polls, never in one long one. */
const PER_POLL = 50;
const MAX_BACKOFF_MS = 15 * 60_000;
/** A mail over the hourly limit is looked at again after this (or the poll interval, if longer). */
const DEFER_MS = 5 * 60_000;

type Handled = "handled" | "deferred" | "gone";

const isAuthFailure = (error: unknown) => (error as { authenticationFailed?: unknown } | null)?.authenticationFailed === true;

/**
 * Mail to task from a mailbox: polls UNSEEN mail over IMAP and hands each one to the receive path
 * the SMTP receiver uses. A mail is marked \Seen only after what it became was stored (or it was
 * refused for good), so a crash in between reads it again and the Message-ID keeps it one task.
 * Only the instance holding the lease polls; failures are logged and retried with backoff.
 */
export function startImapPoller(options: ImapPollerOptions, autoStart = true): ImapPoller {
  const { logger, db } = options;
  const holder = randomUUID();
  const leaseMs = options.pollMs * 2 + 30_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  let stopped = false;
  let running: Promise<PollResult> | null = null;
  let client: ImapFlow | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  // Mails over the hourly limit by UID, and when to look again: skipped until then, so a flood to one
  // project never fills every poll and holds up the mail behind it (other organisations' too).
  const deferred = new Map<number, number>();

  async function handle(imap: ImapFlow, uid: number): Promise<Handled> {
    const meta = await imap.fetchOne(String(uid), { uid: true, size: true, envelope: true, headers: DELIVERY_HEADERS }, { uid: true });
    if (!meta) return "gone";
    // Only addresses that name a project or task (as SMTP's RCPT TO checks): a retired address is unknown too.
    const targets: InboundTarget[] = [];
    for (const target of targetsOf(meta.envelope, meta.headers, options.domain)) if (await recipientExists(db, target)) targets.push(target);
    const markSeen = () => imap.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
    if (targets.length === 0) {
      // No project or reply address of ours: nothing to store; counted, and out of the way.
      logger.warn("inbound mail (IMAP): a mail for no known address was skipped", { uid });
      await countUnknownRecipient(db);
      await markSeen();
      return "handled";
    }
    const from = (meta.envelope?.from?.[0]?.address ?? "").toLowerCase();
    if ((meta.size ?? 0) > options.maxBytes) {
      const mail = { messageId: (meta.envelope?.messageId ?? `imap-uid:${uid}`).slice(0, 500), from, subject: meta.envelope?.subject ?? "", text: "", sizeBytes: meta.size ?? 0 };
      for (const target of targets) await recordTooLarge(db, target, mail);
      logger.warn("inbound mail (IMAP): a mail over INBOUND_MAIL_MAX_BYTES was skipped", { uid, sizeBytes: meta.size });
      await markSeen();
      return "handled";
    }
    const full = await imap.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
    if (!full || !full.source) return "gone";
    const mail = await mailOfRaw(full.source, from);
    const verdicts: Verdict[] = [];
    for (const target of targets) verdicts.push(await receiveMail(options, target, mail));
    // A refusal for now (4xx: the hourly limit) leaves the mail unseen, to be read again later.
    if (!verdicts.some((v) => v.accepted) && verdicts.some((v) => !v.accepted && v.code >= 400 && v.code < 500)) return "deferred";
    await options.beforeMarkSeen?.(uid);
    await markSeen();
    return "handled";
  }

  async function poll(): Promise<PollResult> {
    if (stopped) return { ran: false, reason: "stopped" };
    if (!(await takeImapLease(db, holder, options.now(), leaseMs))) return { ran: false, reason: "lease" };
    const { imap: cfg } = options;
    // Loaded by the first poll: a server without INBOUND_IMAP_URL never holds it.
    const { ImapFlow } = await import("imapflow");
    const imap = new ImapFlow({ host: cfg.host, port: cfg.port, secure: cfg.secure, auth: { user: cfg.user, pass: cfg.password }, logger: false, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
    // An error event without a listener would end the process: it is the poll's failure instead.
    imap.on("error", (error: unknown) => logger.warn("inbound mail (IMAP): connection error", { error: error instanceof Error ? error.message : String(error) }));
    client = imap;
    let connected = false;
    let handled = 0;
    try {
      await imap.connect();
      const lock = await imap.getMailboxLock(cfg.mailbox);
      connected = true;
      await recordImapPoll(db, holder, options.now(), null);
      try {
        const found = await imap.search({ seen: false }, { uid: true });
        const unseen = new Set(found || []);
        for (const uid of deferred.keys()) if (!unseen.has(uid)) deferred.delete(uid);
        const now = options.now().getTime();
        const due = [...unseen].filter((uid) => (deferred.get(uid) ?? 0) <= now).slice(0, options.perPoll ?? PER_POLL);
        for (const uid of due) {
          if (stopped) break;
          const outcome = await handle(imap, uid);
          if (outcome === "deferred") deferred.set(uid, now + Math.max(DEFER_MS, options.pollMs));
          else deferred.delete(uid);
          if (outcome === "handled") handled += 1;
        }
      } finally {
        lock.release();
      }
      await imap.logout();
      return { ran: true, handled, problem: null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Read before close(): false once the server or the network dropped the connection.
      const dropped = !imap.usable;
      imap.close();
      if (connected && !dropped) {
        // The mailbox was reached: a mail or the database failed; what is unseen is read again next poll.
        logger.error("inbound mail (IMAP): poll failed", { error: message });
        return { ran: true, handled, problem: null, error: message };
      }
      // A connection lost mid-poll is the mailbox out of reach too: shown on the card and backed off.
      const problem: ImapProblem = isAuthFailure(error) ? "imap_login_failed" : "imap_unreachable";
      // Never the URL or the password: only what went wrong.
      logger.warn("inbound mail (IMAP): cannot reach the mailbox", { problem, error: message });
      await recordImapPoll(db, holder, options.now(), problem);
      return { ran: true, handled, problem, error: message };
    } finally {
      client = null;
    }
  }

  const pollOnce = (): Promise<PollResult> =>
    (running ??= poll()
      .catch((error: unknown): PollResult => {
        logger.error("inbound mail (IMAP): poll failed", { error: error instanceof Error ? error.message : String(error) });
        return { ran: true, handled: 0, problem: null, error: String(error) };
      })
      .then((result) => {
        failures = result.ran && result.problem ? failures + 1 : 0;
        return result;
      })
      .finally(() => (running = null)));

  // After a failure the next try waits longer (doubling, at most 15 minutes); a good poll resets it.
  const nextPollInMs = () => (failures === 0 ? options.pollMs : Math.min(options.pollMs * 2 ** failures, Math.max(MAX_BACKOFF_MS, options.pollMs)));

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void pollOnce().then(() => schedule(nextPollInMs())), ms);
    timer.unref();
  };
  if (autoStart) schedule(0);

  return {
    pollOnce,
    nextPollInMs,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A poll in hand finishes the mail it holds (the loop stops after it); a hung socket is closed.
      const hung = setTimeout(() => client?.close(), 5_000);
      await running;
      clearTimeout(hung);
      await releaseImapLease(db, holder).catch(() => undefined);
    },
  };
}
