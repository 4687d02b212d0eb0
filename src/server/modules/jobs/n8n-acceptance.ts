import type { N8nAnswer } from "./n8n-webhook";

/** What n8n's answer to a delivery means. `reason` is said to the organisation: it never names the operator's addresses. */
export type Acceptance = { accepted: true } | { accepted: false; reason: string };

/** The starter workflow's answers (src/shared/n8n/starter-workflow.ts): taken, or refused with a reason. */
type StarterAnswer = { accepted?: unknown; job_id?: unknown; reason?: unknown };

const reasonOf = (json: unknown): string | null => {
  const reason = (json as StarterAnswer | null)?.reason;
  return typeof reason === "string" && reason.trim() ? reason.trim().slice(0, 300) : null;
};

/**
 * A delivery counts as taken only with the starter's own answer, `{"accepted": true, "job_id": <this
 * job>}`. Any other 2xx is not: n8n answers 200 with an empty body when a Code node throws before the
 * workflow's answer, so a 2xx alone proves nothing.
 */
export function readAcceptance(answer: N8nAnswer, jobId: string): Acceptance {
  if (!answer.ok) return { accepted: false, reason: answer.error };
  const json = answer.json as StarterAnswer | null;
  if (answer.status >= 200 && answer.status < 300) {
    if (json?.accepted === true && json.job_id === jobId) return { accepted: true };
    return { accepted: false, reason: `n8n answered ${answer.status} without taking the job: the workflow failed before its answer or is not the current starter workflow (see its executions in n8n)` };
  }
  if (answer.status === 401 || answer.status === 403) {
    const said = reasonOf(json);
    return { accepted: false, reason: said ? `n8n refused the signature (${said}): check N8N_AGENT_SECRET` : "n8n refused the signature: check N8N_AGENT_SECRET" };
  }
  if (answer.status === 404) return { accepted: false, reason: "n8n does not know the agent's webhook: is the workflow imported and active?" };
  return { accepted: false, reason: `n8n answered ${answer.status}` };
}
