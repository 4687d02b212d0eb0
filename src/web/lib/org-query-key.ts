/**
 * Every organisation query key starts ["orgs", orgId, domain, …]. The domain names what the data
 * shows, so a change to one kind of entity refetches just the domains that show it (change-scope.ts).
 */
export const orgDomains = [
  "tasks", // task lists (rows carry their project's name and colour)
  "task-counts", // the dashboard's tab counts
  "projects", // project lists and projects, each with its task counts
  "has-projects", // whether the organisation has any project at all
  "project-usage", // projects used against the plan's limit
  "planes", // plane lists and planes, with project and task counts
  "connections",
  "jobs", // agent jobs: the owner's list and summary
  "agents", // the organisation's agent, its Quickstart and the dashboard's summary of it
  "flags",
  "workflows", // the workflow builder's list, each saved workflow and its deployment
  "search", // the palette's task and project search
  "health", // the Self-Healing page's platform scans and auto-repair settings
  "labels", // the organisation's labels
  "comments", // a task's comments and activity
  "board", // the board's columns
  "inbox", // the caller's notifications and unread count
  "members", // Settings' members and their roles
  "invitations", // Settings' pending invitations
  "imports", // a CSV import's progress and report
] as const;
export type OrgDomain = (typeof orgDomains)[number];

export const orgKey = <D extends OrgDomain>(orgId: string, domain: D) => ["orgs", orgId, domain] as const;

/** The domain of a query key, or undefined when it is not an organisation's query. */
export const domainOfKey = (key: readonly unknown[]): OrgDomain | undefined =>
  key[0] === "orgs" && orgDomains.includes(key[2] as OrgDomain) ? (key[2] as OrgDomain) : undefined;
