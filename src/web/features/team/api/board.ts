import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { BoardPage, MoveTaskInput } from "@/shared/task-team";
import type { Task, TaskStatus } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { withCard, withoutCard, type Columns } from "../lib/board-cache";

export type BoardFilter = { projectId?: string; assignee?: string; labelId?: string };
const PAGE = 200;

export const boardQuery = (orgId: string, status: TaskStatus, filter: BoardFilter) =>
  infiniteQueryOptions({
    queryKey: [...orgKey(orgId, "board"), status, filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ status, limit: String(PAGE) });
      if (filter.projectId) q.set("project_id", filter.projectId);
      if (filter.assignee) q.set("assignee", filter.assignee);
      if (filter.labelId) q.set("label_id", filter.labelId);
      if (pageParam) q.set("cursor", pageParam);
      return api<BoardPage>(orgPath(orgId, `/tasks/board?${q}`));
    },
    getNextPageParam: (page) => page.next_cursor,
  });

export const useBoardColumn = (status: TaskStatus, filter: BoardFilter) => useInfiniteQuery(boardQuery(useOrgId(), status, filter));


/**
 * Moves a card: shown in its new place at once (the cached columns are rewritten), then saved; a
 * refusal (409: someone moved things meanwhile) puts the board back and reads it again.
 */
export function useMoveCard(filter: BoardFilter) {
  const orgId = useOrgId();
  const qc = useQueryClient();
  const keyOf = (status: TaskStatus) => boardQuery(orgId, status, filter).queryKey;
  return useMutation({
    mutationFn: ({ task, input }: { task: Task; input: MoveTaskInput }) => api<{ task: Task }>(orgPath(orgId, `/tasks/${task.id}/move`), { method: "POST", body: input }),
    onMutate: ({ task, input }) => {
      const before = new Map<TaskStatus, Columns | undefined>();
      for (const status of new Set([task.status, input.status])) before.set(status, qc.getQueryData<Columns>(keyOf(status)));
      // Only the pages the card leaves and lands in are new objects: the others (and every other
      // task) stay identical, so the columns' memos hold and nothing else re-renders or re-sorts.
      qc.setQueryData<Columns>(keyOf(task.status), (data) => data && withoutCard(data, task.id));
      qc.setQueryData<Columns>(keyOf(input.status), (data) => data && withCard(data, { ...task, status: input.status }, input));
      return { before };
    },
    onError: (_e, _v, context) => {
      context?.before.forEach((data, status) => qc.setQueryData(keyOf(status), data));
      void qc.invalidateQueries({ queryKey: orgKey(orgId, "board") });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: orgKey(orgId, "tasks") }),
  });
}

