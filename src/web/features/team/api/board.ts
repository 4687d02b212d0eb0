import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef } from "react";
import type { BoardPage, MoveTaskInput } from "@/shared/task-team";
import type { Task, TaskStatus } from "@/shared/work";
import { api } from "@/web/lib/api";
import { emptyScope, refreshScope, scopeOfChange, type ChangeScope } from "@/web/lib/change-scope";
import { orgKey } from "@/web/lib/org-query-key";
import { tabWrites } from "@/web/lib/tab-writes";
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
  const mutation = useMutation({
    mutationFn: ({ task, input }: { task: Task; input: MoveTaskInput }) => api<{ task: Task }>(orgPath(orgId, `/tasks/${task.id}/move`), { method: "POST", body: input }),
    onMutate: ({ task, input }) => {
      // A column read still on its way (the echo of the previous move, say) would land on top of
      // this move and put the card back for a moment, unmounting it and losing the keyboard's
      // focus. Those reads are dropped, and none starts until every write of this tab has settled.
      void qc.cancelQueries({ queryKey: orgKey(orgId, "board") });
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
    },
    onSettled: (_result, error, { task }) => {
      const scope = tabWrites.end(orgId, scopeOfChange({ entity: "task", action: "updated" }), error ? undefined : { entity: "task", ids: [task.id] });
      return scope ? refreshScope(qc, orgId, scope) : undefined;
    },
  });
  const { mutate } = mutation;
  // The write counts from the call, not from onMutate (which TanStack runs a task later): the
  // drag's hold ends right after this, and must not let the held reads through in between.
  const move = useCallback<typeof mutate>(
    (variables, options) => {
      tabWrites.begin(orgId);
      mutate(variables, options);
    },
    [mutate, orgId],
  );
  return { mutate: move };
}

/**
 * Holds the board still while a card is dragged: a column read landing mid-drag moves the drop
 * targets under the pointer or the keyboard, and can unmount the dragged card with the focus. A
 * drag counts as one of this tab's writes, so changes heard meanwhile wait (lib/tab-writes.ts), and
 * a read already on its way is dropped and made again once the drag and its move have settled.
 */
export function useDragHold() {
  const orgId = useOrgId();
  const qc = useQueryClient();
  const owed = useRef<ChangeScope>(emptyScope);
  return useMemo(
    () => ({
      start: () => {
        tabWrites.begin(orgId);
        const board = orgKey(orgId, "board");
        owed.current = qc.isFetching({ queryKey: board }) > 0 ? { refetch: ["board"], stale: [] } : emptyScope;
        void qc.cancelQueries({ queryKey: board });
      },
      end: () => {
        const scope = tabWrites.end(orgId, owed.current);
        if (scope) void refreshScope(qc, orgId, scope);
      },
    }),
    [orgId, qc],
  );
}
