import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InboxPage, MarkReadInput } from "@/shared/inbox";
import { api } from "@/web/lib/api";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath } from "@/web/features/organisations/use-org-id";

// The bell: the unread count is small and read often; the list only when the inbox opens.
export const unreadQuery = (orgId: string) =>
  queryOptions({ queryKey: [...orgKey(orgId, "inbox"), "unread"], queryFn: async () => (await api<{ unread: number }>(orgPath(orgId, "/notifications/unread"))).unread });
export const inboxQuery = (orgId: string) => queryOptions({ queryKey: [...orgKey(orgId, "inbox"), "list"], queryFn: () => api<InboxPage>(orgPath(orgId, "/notifications?limit=30")) });

export const useUnread = (orgId: string) => useQuery(unreadQuery(orgId));
export const useInbox = (orgId: string, enabled: boolean) => useQuery({ ...inboxQuery(orgId), enabled });

export function useMarkRead(orgId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkReadInput) => api<{ unread: number }>(orgPath(orgId, "/notifications/read"), { method: "POST", body: input }),
    onSuccess: ({ unread }) => {
      qc.setQueryData(unreadQuery(orgId).queryKey, unread);
      void qc.invalidateQueries({ queryKey: orgKey(orgId, "inbox") });
    },
  });
}
