import { QueryClient, QueryObserver, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { connectionKeys } from "@/web/features/connections/api/connection-keys";
import { flagsQuery } from "@/web/features/flags/api/get-flags";
import { planeKeys } from "@/web/features/planes/api/plane-keys";
import { projectKeys } from "@/web/features/projects/api/project-keys";
import { taskKeys } from "@/web/features/tasks/api/get-tasks";
import { mergeScopes, refreshScope, scopeOfChange, wholeOrgScope, type ChangeScope, type LiveChange } from "./change-scope";
import { orgKey } from "./org-query-key";
import { workflowKeys } from "@/web/features/workflow-builder/api/workflow-keys";

const org = "org-1";
const day = { day: "2025-03-01", tz: "UTC" };
// One query of each kind a screen shows, by the keys the features really use.
const shown: Record<string, QueryKey> = {
  "task list": taskKeys.list(org, { view: "all" }, day),
  "project's task list": taskKeys.list(org, { view: "done", projectId: "p-1" }, day),
  "task counts": taskKeys.countsOf(org, day),
  "project list": projectKeys.list(org),
  "plane's project pages": projectKeys.pages(org, "pl-1"),
  project: projectKeys.one(org, "p-1"),
  "has projects": projectKeys.exists(org),
  "plane list": planeKeys.list(org),
  "plane pages": planeKeys.pages(org),
  plane: planeKeys.one(org, "pl-1"),
  connections: connectionKeys.all(org),
  flags: flagsQuery(org).queryKey,
  search: [...orgKey(org, "search"), { q: "hull" }],
  "job list": [...orgKey(org, "jobs"), { state: "failed" }],
  "jobs summary": [...orgKey(org, "jobs"), "summary"],
  "agent summary": [...orgKey(org, "agents"), "summary", "2025-03-01"],
  "workflow list": workflowKeys.list(org),
  workflow: workflowKeys.one(org, "wf-1"),
  members: orgKey(org, "members"),
  invitations: orgKey(org, "invitations"),
  "import progress": [...orgKey(org, "imports"), "imp-1"],
  "the user's memberships": ["memberships", "user-1"],
  "another organisation's tasks": taskKeys.list("org-2", { view: "all" }, day),
};

/** Which of the cached queries a scope invalidates (refetched if on screen, else read when next shown). */
async function invalidatedBy(scope: ChangeScope) {
  const qc = new QueryClient();
  for (const key of Object.values(shown)) qc.setQueryData(key, "cached");
  await refreshScope(qc, org, scope);
  return Object.entries(shown)
    .filter(([, key]) => qc.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

const change = (entity: LiveChange["entity"], action: LiveChange["action"] = "updated") => scopeOfChange({ entity, action });

describe("what a change refetches", () => {
  it("a task: task lists, counts, projects (they show task counts) and search; planes only go stale", async () => {
    expect(change("task")).toEqual({ refetch: ["tasks", "task-counts", "projects", "search", "board", "comments"], stale: ["planes"] });
    expect(await invalidatedBy(change("task"))).toEqual(
      ["task list", "project's task list", "task counts", "project list", "plane's project pages", "project", "search", "plane list", "plane pages", "plane"].sort(),
    );
  });

  it("a project: projects, whether any exists, planes' project counts; tasks too once renamed or deleted", async () => {
    expect(change("project", "created").refetch.sort()).toEqual(["has-projects", "planes", "project-usage", "projects", "search"]);
    expect(change("project", "updated").refetch.sort()).toEqual(["has-projects", "planes", "projects", "search", "tasks"]);
    expect(change("project", "deleted").refetch.sort()).toEqual(["has-projects", "planes", "project-usage", "projects", "search", "task-counts", "tasks"]);
    const invalidated = await invalidatedBy(change("project", "created"));
    expect(invalidated).not.toContain("task list");
    expect(invalidated).toContain("has projects");
  });

  it("a plane: planes; deleting one, all the work under it", async () => {
    expect(await invalidatedBy(change("plane"))).toEqual(["plane", "plane list", "plane pages"]);
    const deleted = await invalidatedBy(change("plane", "deleted"));
    expect(deleted).toContain("task counts");
    expect(deleted).not.toContain("connections");
  });

  it("a connection: connections only", async () => {
    expect(await invalidatedBy(change("connection", "created"))).toEqual(["connections"]);
  });

  it("a job: the jobs list and summary, and the dashboard's agent summary", async () => {
    expect(await invalidatedBy(change("job", "updated"))).toEqual(["agent summary", "job list", "jobs summary"]);
  });

  it("a workflow: the builder's list and workflows, and the dashboard's summary that counts them", async () => {
    expect(await invalidatedBy(change("workflow", "updated"))).toEqual(["agent summary", "workflow", "workflow list"]);
  });

  it("a member: the members list and the user's memberships (their role: sidebar and pages)", async () => {
    for (const action of ["created", "updated", "deleted"] as const) expect(await invalidatedBy(change("member", action))).toEqual(["members", "the user's memberships"]);
  });

  it("an invitation: the pending invitations; an import: its progress", async () => {
    expect(await invalidatedBy(change("invitation", "updated"))).toEqual(["invitations"]);
    expect(await invalidatedBy(change("import", "updated"))).toEqual(["import progress"]);
  });

  it("a resync: everything of the organisation, and nothing of another", async () => {
    const invalidated = await invalidatedBy(wholeOrgScope);
    expect(invalidated).toEqual(Object.keys(shown).filter((name) => name !== "another organisation's tasks").sort());
  });

  it("merging keeps a domain refetched when one side only marks it stale", () => {
    expect(mergeScopes(change("task"), change("plane"))).toEqual({ refetch: ["tasks", "task-counts", "projects", "search", "board", "comments", "planes"], stale: [] });
  });

  it("refetches only what is on screen, and a plane on screen not for a task", async () => {
    const qc = new QueryClient();
    const fetched: string[] = [];
    const watch = (name: string, queryKey: QueryKey) =>
      new QueryObserver(qc, { queryKey, queryFn: () => (fetched.push(name), name) }).subscribe(() => undefined);
    const stop = [watch("tasks", shown["task list"]!), watch("planes", shown["plane list"]!), watch("connections", shown.connections!)];
    await vi.waitFor(() => {
      expect(fetched).toHaveLength(3);
      expect(qc.isFetching()).toBe(0);
    });
    fetched.length = 0;
    await refreshScope(qc, org, change("task"));
    expect(fetched).toEqual(["tasks"]);
    expect(qc.getQueryState(shown["plane list"]!)?.isInvalidated).toBe(true);
    stop.forEach((unsubscribe) => unsubscribe());
  });
});
