import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Member } from "@/shared/organisations";
import type { Label, SavedView } from "@/shared/task-team";
import { api } from "@/web/lib/api";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { useShellSession } from "@/web/lib/shell-session";

// The organisation's people and labels: every task page, board card and filter names them from here.
export const membersQuery = (orgId: string) =>
  queryOptions({ queryKey: ["orgs", orgId, "members"], queryFn: async () => (await api<{ members: Member[] }>(orgPath(orgId, "/members"))).members, staleTime: 60_000 });
export const labelsQuery = (orgId: string) =>
  queryOptions({ queryKey: [...orgKey(orgId, "labels")], queryFn: async () => (await api<{ labels: Label[] }>(orgPath(orgId, "/labels"))).labels, staleTime: 60_000 });
export const viewsQuery = (orgId: string) =>
  queryOptions({ queryKey: [...orgKey(orgId, "tasks"), "views"], queryFn: async () => (await api<{ views: SavedView[] }>(orgPath(orgId, "/views"))).views });

export const useMembers = () => useQuery(membersQuery(useOrgId()));
export const useLabels = () => useQuery(labelsQuery(useOrgId()));
export const useSavedViews = () => useQuery(viewsQuery(useOrgId()));

/** The signed-in user's id ("Assigned to me", own comments). */
export function useMyId(): string | undefined {
  return useShellSession().data?.user.id;
}

/** A member's name by id, for cards and activity; "" while the list loads. */
export function useNameOf(): (id: string | null) => string {
  const members = useMembers().data;
  // Stable while the members are, so memoised rows (board cards) that take it keep their memo.
  return useCallback((id) => (id ? (members?.find((m) => m.user_id === id)?.name ?? "") : ""), [members]);
}
