import { validateWorkflow, type WorkflowProblem } from "@/shared/n8n";
import type { WorkflowDraft } from "@/shared/workflows";
import { AppError } from "../../lib/errors";

/** Where a problem shows, as zod paths read (nodes.3.parameters.url), so a form can put it on its node. */
function fieldOf(problem: WorkflowProblem, draft: WorkflowDraft): string {
  const index = problem.nodeId === undefined ? -1 : draft.nodes.findIndex((n) => n.id === problem.nodeId);
  if (index < 0) return problem.code === "dangling_connection" ? "connections" : "nodes";
  return problem.field ? `nodes.${index}.parameters.${problem.field}` : `nodes.${index}`;
}

/** The server's copy of the editor's check before Save: what n8n would refuse is not stored. */
export function ensureValidWorkflow(draft: WorkflowDraft): void {
  const problems = validateWorkflow(draft);
  if (problems.length === 0) return;
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[fieldOf(problem, draft)] ??= problem.message;
  const first = problems[0]!.message;
  const others = problems.length - 1;
  const message = others === 0 ? first : others === 1 ? `${first} (and 1 more problem)` : `${first} (and ${others} more problems)`;
  throw new AppError("bad_request", message, fields);
}
