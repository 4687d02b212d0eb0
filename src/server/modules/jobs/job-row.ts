import { JOB_MESSAGE_PREVIEW, jobStates, type JobRow, type JobState } from "@/shared/jobs";
import { agentJobs } from "../../db/schema";

/** The columns a jobs list shows; the context and result stay on the server. */
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
  createdAt: agentJobs.createdAt,
  sentAt: agentJobs.sentAt,
  finishedAt: agentJobs.finishedAt,
};

type Selected = Pick<typeof agentJobs.$inferSelect, keyof typeof jobColumns>;

export const asJobState = (state: string): JobState => (jobStates as readonly string[]).includes(state) ? (state as JobState) : "failed";

export function toJobRow(row: Selected): JobRow {
  return {
    id: row.id,
    agent_id: row.agentId,
    agent_key: row.agentKey,
    project_id: row.projectId,
    kind: row.kind,
    message: row.message.length > JOB_MESSAGE_PREVIEW ? `${row.message.slice(0, JOB_MESSAGE_PREVIEW - 1)}…` : row.message,
    state: asJobState(row.state),
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
