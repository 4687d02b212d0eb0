import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { isLanguage, type Language } from "@/shared/languages";
import type { Db } from "../../db/client";
import { browserUseRuns, user } from "../../db/schema";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { Queue, Worker } from "../../lib/queue";
import type { SecretBox } from "../../lib/secret-box";
import { createComment } from "../comments/write-comments";
import { requireMembership } from "../organisations/require-membership";
import { getRemoteTask, isFinalStatus } from "./browser-use-api";
import { runComment, type RunFailure } from "./browser-use-comment";
import { browserUseKeyOf } from "./browser-use-key";

export const BROWSER_USE_QUEUE = "browser-use.poll";
/** The longest wait between two polls, whatever the backoff has reached. */
const MAX_POLL_GAP_MS = 60_000;

export type BrowserUseDeps = {
  db: Db;
  box: SecretBox;
  queue: Queue;
  now: () => Date;
  logger?: Logger;
  env: Pick<Env, "BROWSER_USE_API_BASE" | "BROWSER_USE_POLL_BASE_MS" | "BROWSER_USE_POLL_CEILING_MS" | "OUTBOUND_TIMEOUT_MS">;
};

const pollJob = z.object({ run_id: z.uuid(), poll: z.number().int().min(0) });
export type PollJob = z.infer<typeof pollJob>;

/** The wait before poll `n`: the base, doubling, capped at a minute. */
export const pollDelayMs = (env: BrowserUseDeps["env"], n: number) => Math.min(MAX_POLL_GAP_MS, env.BROWSER_USE_POLL_BASE_MS * 2 ** Math.min(n, 20));

/** Queues poll `poll` of a run, in the caller's transaction when given (the run and its first poll commit together). */
export async function sendPoll(deps: Pick<BrowserUseDeps, "queue" | "env" | "now">, run: { id: string; orgId: string }, poll: number, tx?: Pick<Db, "execute">): Promise<void> {
  await deps.queue.send(BROWSER_USE_QUEUE, { run_id: run.id, poll } satisfies PollJob, { key: run.orgId, startAfter: new Date(deps.now().getTime() + pollDelayMs(deps.env, poll)), ...(tx ? { tx } : {}) });
}

export function browserUseWorker(deps: BrowserUseDeps): Worker {
  // A poll is one short request; a failed try (database away) is retried, the run's row says what is left to do.
  return { queue: BROWSER_USE_QUEUE, timeLimitMs: 60_000, maxAttempts: 5, retryDelayMs: 10_000, handle: (job) => pollRun(deps, pollJob.parse(job.data)) };
}

type Verdict = { kind: "wait" } | { kind: "done"; output: string } | { kind: "failed"; failure: RunFailure };

/**
 * One poll of a browser task. The job says which poll it is; a job whose number is not the run's
 * (delivered twice, or after the run ended) does nothing. Finished or failed, the result becomes a
 * comment on the task that asked, in the same transaction that closes the run.
 */
export async function pollRun(deps: BrowserUseDeps, job: PollJob): Promise<void> {
  const [run] = await deps.db.select().from(browserUseRuns).where(eq(browserUseRuns.id, job.run_id)).limit(1);
  if (!run || run.state !== "running" || run.polls !== job.poll) return;
  const verdict = await askBrowserUse(deps, run);
  const elapsed = deps.now().getTime() - run.startedAt.getTime();
  if (verdict.kind === "wait" && elapsed < deps.env.BROWSER_USE_POLL_CEILING_MS) return advance(deps, run, job.poll);
  const final: Exclude<Verdict, { kind: "wait" }> = verdict.kind === "wait" ? { kind: "failed", failure: { code: "timed_out", minutes: Math.round(deps.env.BROWSER_USE_POLL_CEILING_MS / 60_000) } } : verdict;
  await finish(deps, run, job.poll, final);
}

type Run = typeof browserUseRuns.$inferSelect;

async function askBrowserUse(deps: BrowserUseDeps, run: Run): Promise<Verdict> {
  const key = await browserUseKeyOf(deps.db, deps.box, run.orgId);
  if (!("apiKey" in key)) return { kind: "failed", failure: { code: "key_missing" } };
  const reply = await getRemoteTask({ baseUrl: deps.env.BROWSER_USE_API_BASE, timeoutMs: deps.env.OUTBOUND_TIMEOUT_MS }, key.apiKey, run.remoteId);
  if (reply.kind === "unreachable") return { kind: "wait" };
  if (reply.kind === "refused") {
    if (reply.status === 401 || reply.status === 403) return { kind: "failed", failure: { code: "key_refused" } };
    if (reply.status === 404) return { kind: "failed", failure: { code: "task_unknown" } };
    // 429 and 5xx pass; the ceiling ends a run that never recovers.
    return { kind: "wait" };
  }
  const task = reply.value;
  if (!isFinalStatus(task.status)) return { kind: "wait" };
  if (task.status === "stopped") return { kind: "failed", failure: { code: "stopped" } };
  if (task.isSuccess === false) return { kind: "failed", failure: { code: "agent_failed", output: task.output ?? null } };
  return { kind: "done", output: task.output?.trim() || "—" };
}

/** The next poll, counted on the row first: of two deliveries of one poll only one moves it on. */
async function advance(deps: BrowserUseDeps, run: Run, poll: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const moved = await tx
      .update(browserUseRuns)
      .set({ polls: poll + 1 })
      .where(and(eq(browserUseRuns.id, run.id), eq(browserUseRuns.state, "running"), eq(browserUseRuns.polls, poll)))
      .returning({ id: browserUseRuns.id });
    if (moved.length === 1) await sendPoll(deps, run, poll + 1, tx);
  });
}

async function finish(deps: BrowserUseDeps, run: Run, poll: number, verdict: Exclude<Verdict, { kind: "wait" }>): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(browserUseRuns)
      .where(and(eq(browserUseRuns.id, run.id), eq(browserUseRuns.state, "running"), eq(browserUseRuns.polls, poll)))
      .for("update");
    if (!locked) return;
    const commentId = await postComment(deps, tx, locked, verdict);
    await tx
      .update(browserUseRuns)
      .set({
        state: verdict.kind === "done" ? "finished" : "failed",
        polls: poll + 1,
        result: verdict.kind === "done" ? verdict.output : null,
        error: verdict.kind === "failed" ? verdict.failure.code : null,
        commentId,
        finishedAt: deps.now(),
      })
      .where(eq(browserUseRuns.id, run.id));
  });
}

/**
 * As the person who asked, while they are still a member, marked as the assistant's work. A task
 * deleted meanwhile (task_id set null, or gone by the time the comment locks it) gets no comment.
 */
async function postComment(deps: BrowserUseDeps, tx: Db, run: Run, verdict: Exclude<Verdict, { kind: "wait" }>): Promise<string | null> {
  if (!run.taskId || !run.requestedBy) return null;
  let scope;
  try {
    scope = await requireMembership(tx, run.requestedBy, run.orgId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
  const body = runComment(await languageOf(tx, run.requestedBy), run.instructions, verdict.kind === "done" ? { ok: true, output: verdict.output } : { ok: false, failure: verdict.failure });
  try {
    const comment = await createComment({ db: tx, scope, now: deps.now, queue: deps.queue }, run.taskId, { body, mentions: [] });
    return comment.id;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}

async function languageOf(db: Db, userId: string): Promise<Language> {
  const [found] = await db.select({ locale: user.locale }).from(user).where(eq(user.id, userId)).limit(1);
  return found?.locale && isLanguage(found.locale) ? found.locale : "en";
}
