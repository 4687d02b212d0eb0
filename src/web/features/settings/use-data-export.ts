import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DataExport, ExportEstimate } from "@/shared/data-rights";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api } from "@/web/lib/api";

export type ExportTarget = { scope: "user" } | { scope: "org"; orgId: string };

const exportsKey = ["me", "exports"];
const isUnderWay = (e: DataExport | undefined) => e?.status === "queued" || e?.status === "running";

/**
 * The caller's newest export for this target (the server keeps a day of them), polled every second
 * while it is being prepared, and the action that starts one (or answers the one under way).
 */
export function useDataExport(target: ExportTarget) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: exportsKey,
    queryFn: async () => (await api<{ exports: DataExport[] }>("/api/v1/me/exports")).exports,
    refetchInterval: (query) => ((query.state.data ?? []).some(isUnderWay) ? 1000 : false),
  });
  const latest = list.data?.find((e) => e.scope === target.scope && (target.scope === "user" || e.org_id === target.orgId));
  const start = useMutation({
    mutationFn: async () => (await api<{ export: DataExport }>(target.scope === "user" ? "/api/v1/me/exports" : orgPath(target.orgId, "/exports"), { method: "POST" })).export,
    onSuccess: (started) => queryClient.setQueryData<DataExport[]>(exportsKey, (old = []) => [started, ...old.filter((e) => e.id !== started.id)]),
  });
  return { list, latest, start, isUnderWay: isUnderWay(latest) };
}

export const downloadUrl = (e: DataExport) => `/api/v1/me/exports/${e.id}/download`;

/** How large an export of this target would be now (counted on the server), asked once the panel shows. */
export function useExportEstimate(target: ExportTarget, enabled: boolean) {
  const path = target.scope === "user" ? "/api/v1/me/exports/estimate" : orgPath(target.orgId, "/exports/estimate");
  return useQuery({
    queryKey: ["exports", "estimate", target.scope, target.scope === "org" ? target.orgId : null],
    queryFn: async () => (await api<{ estimate: ExportEstimate }>(path)).estimate,
    enabled,
    staleTime: 60_000,
  });
}
