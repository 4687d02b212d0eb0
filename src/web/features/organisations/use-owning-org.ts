import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LocateResponse } from "@/shared/organisations";
import { api } from "@/web/lib/api";
import { useOrg } from "./org-context";

export type OwningOrgState = "idle" | "looking" | "not-found";

/**
 * A link to a project or plane opens in the organisation that holds it. When the current
 * organisation answers 404, the server is asked which of the user's organisations has it (none
 * of theirs is the same 404), and the page switches there and stays: its ids are that one's.
 */
export function useOwningOrg(kind: "project" | "plane", id: string, isMissing: boolean): OwningOrgState {
  const { currentOrg, openInOrg } = useOrg();
  const located = useQuery({
    queryKey: ["locate", kind, id],
    queryFn: () => api<LocateResponse>(`/api/v1/locate?${new URLSearchParams({ [kind]: id })}`),
    enabled: isMissing && id !== "",
    retry: false,
    staleTime: 0,
  });
  const elsewhere = located.data && located.data.org_id !== currentOrg?.id ? located.data.org_id : null;
  useEffect(() => {
    if (elsewhere) openInOrg(elsewhere);
  }, [elsewhere, openInOrg]);
  if (!isMissing) return "idle";
  return located.isPending || elsewhere ? "looking" : "not-found";
}
