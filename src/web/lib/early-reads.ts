import { readerLanguageHeader } from "./reader-language";
import { pickCurrentOrg } from "./current-org";

/**
 * A first load of the dashboard asks for what it shows first (the session, the organisations, the
 * plan's usage and the project count) while the shell's code is still on its way, instead of
 * only once it has rendered: three round trips off the way to the first useful paint. The app's
 * own reads take these answers (`takeEarly`) if they are fresh; anything not taken is dropped.
 */
const FRESH_MS = 10_000;
const reads = new Map<string, { at: number; response: Promise<Response> }>();

export const SESSION_PATH = "/api/auth/get-session";
export const ORGANISATIONS_PATH = "/api/v1/organisations";
const dashboardReads = (orgId: string) => [`/api/v1/organisations/${orgId}/projects/usage`, `/api/v1/organisations/${orgId}/projects?limit=1`];

function read(path: string): Promise<Response> {
  const response = fetch(path, { credentials: "same-origin", cache: "no-store", headers: { ...readerLanguageHeader(), Accept: "application/json" } });
  // Never an unhandled rejection: whoever takes it sees the failure, else it is dropped.
  response.catch(() => undefined);
  reads.set(path, { at: performance.now(), response });
  return response;
}

/** The first comments page a task page shows: the newest ones, older on request. */
export const FIRST_COMMENTS = 20;
export const commentsPagePath = (orgId: string, taskId: string, cursor: string | null) =>
  `/api/v1/organisations/${orgId}/tasks/${taskId}/comments?limit=${FIRST_COMMENTS}&order=newest${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
// A task page (/app/tasks/:id, its shared address) reads the task, its newest comments, its
// activity and the people who name them: all at once, while its code is still on its way.
const TASK_PAGE = /^\/app\/tasks\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const taskPageReads = (orgId: string, taskId: string) => {
  const org = `/api/v1/organisations/${orgId}`;
  return [`${org}/tasks/${taskId}`, commentsPagePath(orgId, taskId, null), `${org}/tasks/${taskId}/activity`, `${org}/members`, `${org}/labels`];
};

/**
 * Every /app page's shell needs the session and the organisations before the page can ask for its
 * own data: those two for all of them. The dashboard and a task's page also read their first data
 * here; other pages read other things first.
 */
export function startEarlyReads(pathname: string): void {
  if (!/^\/app(\/|$)/.test(pathname)) return;
  const taskId = TASK_PAGE.exec(pathname)?.[1];
  const isDashboard = /^\/app(\/dashboard)?\/?$/.test(pathname);
  read(SESSION_PATH);
  void read(ORGANISATIONS_PATH)
    .then(async (response) => (response.ok && (taskId || isDashboard) ? ((await response.clone().json()) as { memberships?: { org_id: string }[] }) : null))
    .then((body) => {
      const current = pickCurrentOrg(body?.memberships ?? []);
      if (current) (taskId ? taskPageReads(current.org_id, taskId) : dashboardReads(current.org_id)).forEach(read);
    })
    .catch(() => undefined);
}

/** A write makes every early answer stale: none is taken after one. */
export function dropEarlyReads(): void {
  reads.clear();
}

/** The early answer for `path`, once, if it was asked for lately; a clone, so the original stays readable for the next step above. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const early = reads.get(path);
  if (!early) return undefined;
  reads.delete(path);
  if (performance.now() - early.at > FRESH_MS) return undefined;
  return early.response.then((response) => response.clone());
}
