import type { DeploymentStatus, UpdateWorkflowInput, Workflow, WorkflowDraftInput } from "@/shared/workflows";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useOrgMutation } from "@/web/features/organisations/use-org-mutation";
import { workflowsPath } from "./workflow-keys";

// Each write names the change the server announces for it, so this tab's own echo refetches nothing twice.
type WorkflowResponse = { workflow: Workflow };
const path = (orgId: string, tail = "") => orgPath(orgId, workflowsPath(tail));

export const useCreateWorkflow = () =>
  useOrgMutation((orgId, draft: WorkflowDraftInput) => api<WorkflowResponse>(path(orgId), { method: "POST", body: draft }), {
    entity: "workflow",
    action: "created",
    ids: (_, r) => r.workflow.id,
  });

/** Refused with 409 when `version` is not the saved one any more (saved elsewhere meanwhile). */
export const useUpdateWorkflow = () =>
  useOrgMutation((orgId, { id, input }: { id: string; input: UpdateWorkflowInput }) => api<WorkflowResponse>(path(orgId, `/${id}`), { method: "PUT", body: input }), {
    entity: "workflow",
    action: "updated",
    ids: (input) => input.id,
  });

export const useDeleteWorkflow = () =>
  useOrgMutation((orgId, id: string) => api<{ ok: true }>(path(orgId, `/${id}`), { method: "DELETE" }), { entity: "workflow", action: "deleted", ids: (id) => id });

/** The server sends the saved workflow to n8n and checks the result; this browser never calls n8n. */
export const useDeployWorkflow = () =>
  useOrgMutation(
    (orgId, { id, activate }: { id: string; activate: boolean }) => api<{ workflow: Workflow; status: DeploymentStatus }>(path(orgId, `/${id}/deploy`), { method: "POST", body: { activate } }),
    { entity: "workflow", action: "updated", ids: (input) => input.id },
  );
