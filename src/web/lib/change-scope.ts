import type { QueryClient } from "@tanstack/react-query";
import type { LiveChange } from "@/shared/changes";
import { domainOfKey, orgDomains, type OrgDomain } from "./org-query-key";

// The feed's contract is shared with the server; its org_id is the stream's, so it is not read here.
export type { LiveChange };
export type ChangeEntity = LiveChange["entity"];
export type ChangeAction = LiveChange["action"];

/** What to refetch now (shown on screen) and what only to mark stale (read again when next shown). */
export type ChangeScope = { refetch: OrgDomain[]; stale: OrgDomain[] };

export const emptyScope: ChangeScope = { refetch: [], stale: [] };
// Connections and flags are left out: deleting a plane touches neither.
const workDomains: OrgDomain[] = ["planes", "projects", "has-projects", "project-usage", "tasks", "task-counts", "search", "board"];
/** The feed dropped changes (resync): anything of the organisation may be stale. */
export const wholeOrgScope: ChangeScope = { refetch: [...orgDomains], stale: [] };

/** Which queries a change to one entity makes stale: the domains whose data shows that entity. */
export function scopeOfChange({ entity, action }: { entity: ChangeEntity; action: ChangeAction }): ChangeScope {
  switch (entity) {
    case "task":
      // Projects show their task counts. A plane's task count shows only in its delete dialog,
      // which reads the plane when it opens: marking it stale is enough.
      // A task's page shows its activity, kept with its comments.
      return { refetch: ["tasks", "task-counts", "projects", "search", "board", "comments"], stale: ["planes"] };
    case "project": {
      // Planes show project counts and their newest projects; task rows show their project's name
      // and colour; deleting a project deletes its tasks.
      const refetch: OrgDomain[] = ["projects", "has-projects", "planes", "search"];
      if (action !== "created") refetch.push("tasks");
      if (action === "deleted") refetch.push("task-counts");
      if (action !== "updated") refetch.push("project-usage");
      return { refetch, stale: [] };
    }
    case "plane":
      // Deleting a plane moves or deletes its projects, and their tasks with them.
      return { refetch: action === "deleted" ? workDomains : ["planes"], stale: [] };
    case "connection":
      return { refetch: ["connections"], stale: [] };
    case "job":
      // The dashboard's agent tiles count today's jobs and show the last run.
      return { refetch: ["jobs", "agents"], stale: [] };
    case "agent":
      return { refetch: ["agents"], stale: [] };
    case "workflow":
      // The dashboard's Workflows tile counts them (the agents summary).
      return { refetch: ["workflows", "agents"], stale: [] };
    case "smoke":
      return emptyScope;
    case "health":
      // The Self-Healing page's scans and settings.
      return { refetch: ["health"], stale: [] };
    case "label":
      // Deleting a label takes it off tasks.
      return { refetch: action === "deleted" ? ["labels", "tasks", "board"] : ["labels"], stale: [] };
    case "comment":
      return { refetch: ["comments"], stale: [] };
    case "notification":
      // Only the caller's own inbox is ever fetched; another member's change costs one small read at most.
      return { refetch: ["inbox"], stale: [] };
    case "member":
      // Also the user's own memberships (their role, hence the sidebar and pages): refreshScope.
      return { refetch: ["members"], stale: [] };
    case "invitation":
      return { refetch: ["invitations"], stale: [] };
    case "import":
      return { refetch: ["imports"], stale: [] };
  }
}

/** Both scopes at once; a domain refetched is not also merely marked stale. */
export function mergeScopes(a: ChangeScope, b: ChangeScope): ChangeScope {
  const refetch = [...new Set([...a.refetch, ...b.refetch])];
  return { refetch, stale: [...new Set([...a.stale, ...b.stale])].filter((d) => !refetch.includes(d)) };
}

export const isEmptyScope = (scope: ChangeScope) => scope.refetch.length === 0 && scope.stale.length === 0;

/**
 * Refetches the scope's shown queries of the organisation and marks the rest of it stale. A change
 * of members refetches the user's memberships too (kept per user, not per organisation): a role
 * given or taken shows in the sidebar and pages of every open tab at once.
 */
export async function refreshScope(queryClient: QueryClient, orgId: string, scope: ChangeScope): Promise<void> {
  const within = (domains: OrgDomain[]) => (query: { queryKey: readonly unknown[] }) => domains.includes(domainOfKey(query.queryKey)!);
  await Promise.all([
    scope.refetch.includes("members") && queryClient.invalidateQueries({ queryKey: ["memberships"] }),
    scope.refetch.length > 0 && queryClient.invalidateQueries({ queryKey: ["orgs", orgId], predicate: within(scope.refetch) }),
    scope.stale.length > 0 && queryClient.invalidateQueries({ queryKey: ["orgs", orgId], predicate: within(scope.stale), refetchType: "none" }),
  ]);
}
