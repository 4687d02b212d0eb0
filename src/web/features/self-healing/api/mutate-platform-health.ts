import type { HealingConfigResponse, ManualFixResponse, PlatformScanResponse, UpdateHealingConfigInput } from "@/shared/platform-health";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useOrgMutation } from "@/web/features/organisations/use-org-mutation";

// Every write refetches the "health" domain (scans and settings) once it settles.
type IssueRef = { scanId: string; issueId: string };
const issuePath = (orgId: string, { scanId, issueId }: IssueRef, verb: string) => orgPath(orgId, `/health/platform/scans/${scanId}/issues/${issueId}/${verb}`);

/** The scan runs while the request does (a few seconds at most): the answer is the finished report. */
export const useRunScan = () =>
  useOrgMutation((orgId, _: void) => api<PlatformScanResponse>(orgPath(orgId, "/health/platform/scans"), { method: "POST" }), { entity: "health", action: "created", ids: (_, r) => r.scan.id });

export const useFixIssue = () =>
  useOrgMutation((orgId, ref: IssueRef) => api<PlatformScanResponse>(issuePath(orgId, ref, "fix"), { method: "POST" }), { entity: "health", action: "updated", ids: (ref) => ref.scanId });

export const useManualFix = () =>
  useOrgMutation((orgId, ref: IssueRef) => api<ManualFixResponse>(issuePath(orgId, ref, "manual-fix"), { method: "POST" }), { entity: "health", action: "updated", ids: (ref) => ref.scanId });

export const useSaveHealingConfig = () =>
  useOrgMutation((orgId, input: UpdateHealingConfigInput) => api<HealingConfigResponse>(orgPath(orgId, "/health/platform/config"), { method: "PUT", body: input }), { entity: "health", action: "updated" });
