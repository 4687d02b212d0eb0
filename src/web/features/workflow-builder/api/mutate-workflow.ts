import type { DeploymentStatus, UpdateWorkflowInput, Workflow, WorkflowDraftInput } from "@/shared/workflows";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useWorkflowWrite } from "./use-workflow-write";
import { workflowsPath } from "./workflow-keys";

type WorkflowResponse = { workflow: Workflow };
const path = (orgId: string, tail = "") => orgPath(orgId, workflowsPath(tail));

export const useCreateWorkflow = () => useWorkflowWrite((orgId, draft: WorkflowDraftInput) => api<WorkflowResponse>(path(orgId), { method: "POST", body: draft }));

/** Refused with 409 when `version` is not the saved one any more (saved elsewhere meanwhile). */
export const useUpdateWorkflow = () =>
  useWorkflowWrite((orgId, { id, input }: { id: string; input: UpdateWorkflowInput }) => api<WorkflowResponse>(path(orgId, `/${id}`), { method: "PUT", body: input }));

export const useDeleteWorkflow = () => useWorkflowWrite((orgId, id: string) => api<{ ok: true }>(path(orgId, `/${id}`), { method: "DELETE" }));

/** The server sends the saved workflow to n8n and checks the result; this browser never calls n8n. */
export const useDeployWorkflow = () =>
  useWorkflowWrite((orgId, { id, activate }: { id: string; activate: boolean }) =>
    api<{ workflow: Workflow; status: DeploymentStatus }>(path(orgId, `/${id}/deploy`), { method: "POST", body: { activate } }),
  );
