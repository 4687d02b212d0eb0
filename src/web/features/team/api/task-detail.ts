import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ActivityEntry, Comment, CommentPage, CreateCommentInput } from "@/shared/task-team";
import type { Task, UpdateTaskInput } from "@/shared/work";
import { api } from "@/web/lib/api";
import { commentsPagePath } from "@/web/lib/early-reads";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

// One task, its activity and its comments. The task sits in the "tasks" domain (refetched when any
// task changes); comments and activity in "comments", refetched when the feed says this task's changed.
export const taskQuery = (orgId: string, id: string) =>
  queryOptions({ queryKey: [...orgKey(orgId, "tasks"), "one", id], queryFn: async () => (await api<{ task: Task }>(orgPath(orgId, `/tasks/${id}`))).task });
export const activityQuery = (orgId: string, id: string) =>
  queryOptions({ queryKey: [...orgKey(orgId, "comments"), id, "activity"], queryFn: async () => (await api<{ activity: ActivityEntry[] }>(orgPath(orgId, `/tasks/${id}/activity`))).activity });
export const commentsQuery = (orgId: string, id: string) =>
  infiniteQueryOptions({
    queryKey: [...orgKey(orgId, "comments"), id, "list"],
    initialPageParam: null as string | null,
    // Newest first, a page at a time: the page shows the latest and loads older ones on request.
    // The same address as the early read a cold task page starts (lib/early-reads.ts).
    queryFn: ({ pageParam }) => api<CommentPage>(commentsPagePath(orgId, id, pageParam)),
    getNextPageParam: (page) => page.next_cursor,
  });

export const useTask = (id: string) => useQuery(taskQuery(useOrgId(), id));
export const useActivity = (id: string) => useQuery(activityQuery(useOrgId(), id));
export const useComments = (id: string) => useInfiniteQuery(commentsQuery(useOrgId(), id));

/** Edits the task; the answer replaces the cached task, the lists refetch. */
export function useUpdateTask(id: string) {
  const orgId = useOrgId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateTaskInput) => (await api<{ task: Task }>(orgPath(orgId, `/tasks/${id}`), { method: "PATCH", body: input })).task,
    onSuccess: async (task) => {
      qc.setQueryData(taskQuery(orgId, id).queryKey, task);
      await Promise.all([qc.invalidateQueries({ queryKey: orgKey(orgId, "tasks") }), qc.invalidateQueries({ queryKey: orgKey(orgId, "board") }), qc.invalidateQueries({ queryKey: orgKey(orgId, "comments") })]);
    },
  });
}

export function useCommentWrites(taskId: string) {
  const orgId = useOrgId();
  const qc = useQueryClient();
  const settle = () => qc.invalidateQueries({ queryKey: [...orgKey(orgId, "comments"), taskId] });
  const base = orgPath(orgId, `/tasks/${taskId}/comments`);
  return {
    create: useMutation({ mutationFn: (input: CreateCommentInput) => api<{ comment: Comment }>(base, { method: "POST", body: input }), onSuccess: settle }),
    edit: useMutation({ mutationFn: ({ id, ...input }: CreateCommentInput & { id: string }) => api<{ comment: Comment }>(`${base}/${id}`, { method: "PATCH", body: input }), onSuccess: settle }),
    remove: useMutation({ mutationFn: (id: string) => api(`${base}/${id}`, { method: "DELETE" }), onSuccess: settle }),
  };
}
