import { JOB_MESSAGE_PREVIEW, jobStates, resultTextOf, type JobRow, type JobState } from "@/shared/jobs";
import type { Language } from "@/shared/languages";
import { translateServerMessage } from "../../i18n/server-messages";
import { agentJobs } from "../../db/schema";

/** The columns a jobs list shows; the context stays on the server. */
export const jobColumns = {
  id: agentJobs.id,
  agentId: agentJobs.agentId,
  agentKey: agentJobs.agentKey,
  projectId: agentJobs.projectId,
  kind: agentJobs.kind,
  message: agentJobs.message,
  state: agentJobs.state,
  attempts: agentJobs.attempts,
  lastError: agentJobs.lastError,
  result: agentJobs.result,
  createdAt: agentJobs.createdAt,
  sentAt: agentJobs.sentAt,
  claimedAt: agentJobs.claimedAt,
  finishedAt: agentJobs.finishedAt,
};

type Selected = Pick<typeof agentJobs.$inferSelect, keyof typeof jobColumns>;

export const asJobState = (state: string): JobState => (jobStates as readonly string[]).includes(state) ? (state as JobState) : "failed";

/** A job as the reader sees it: our own errors (stored in English) in their language; n8n's result as it came. */
export function toJobRow(row: Selected, lang: Language = "en"): JobRow {
  return {
    id: row.id,
    agent_id: row.agentId,
    agent_key: row.agentKey,
    project_id: row.projectId,
    kind: row.kind,
    message: row.message.length > JOB_MESSAGE_PREVIEW ? `${row.message.slice(0, JOB_MESSAGE_PREVIEW - 1)}…` : row.message,
    state: asJobState(row.state),
    attempts: row.attempts,
    last_error: row.lastError === null ? null : translateServerMessage(lang, row.lastError),
    result_text: resultTextOf(row.result),
    result: row.result ?? null,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    claimed_at: row.claimedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
