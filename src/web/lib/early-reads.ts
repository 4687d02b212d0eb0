import { readerLanguageHeader } from "./reader-language";
import type { Membership } from "@/shared/organisations";
import { can } from "@/shared/permissions";
import { pickCurrentOrg } from "./current-org";

/**
 * A first load of an /app page asks for what it shows first (the session, the organisations, the
 * page's own first data) while the shell's code is still on its way, instead of only once it has
 * rendered: round trips off the way to the first useful paint. The app's own reads take these
 * answers (`takeEarly`) if they are fresh; anything not taken is dropped.
 */
const FRESH_MS = 10_000;
const reads = new Map<string, { at: number; response: Promise<Response> }>();

export const SESSION_PATH = "/api/auth/get-session";
export const ORGANISATIONS_PATH = "/api/v1/organisations";
export const ME_PATH = "/api/v1/me";

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

/** What a page asks for first, the user's own (`user`) and the current organisation's (`org`, given its API prefix). */
type PageReads = { user?: readonly string[]; org?: (org: string, match: RegExpExecArray, membership: Membership) => string[] };

const UUID = "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";
/**
 * Each page's first reads, as its own queries ask them (the same path, query string and all, or
 * the answer is not taken: e2e/first-load-requests.test.ts checks that none goes unused). A page
 * left out reads after its code has run, as before; the chat among them, which asks nothing while
 * AI is off in this browser or on the server (chat-stop, chat-off-server), and the boot cannot know.
 */
const pageReads: [RegExp, PageReads][] = [
  [/^\/app(\/dashboard)?\/?$/, { org: (o) => [`${o}/projects/usage`, `${o}/projects?limit=1`] }],
  // A task page (/app/tasks/:id, its shared address): the task, its newest comments, its activity and the people who name them.
  [
    new RegExp(`^/app/tasks/${UUID}/?$`, "i"),
    { org: (o, [, taskId], m) => [`${o}/tasks/${taskId}`, commentsPagePath(m.org_id, taskId!, null), `${o}/tasks/${taskId}/activity`, `${o}/members`, `${o}/labels`] },
  ],
  [/^\/app\/planes\/?$/, { org: (o) => [`${o}/planes?limit=50`] }],
  [/^\/app\/api-keys\/?$/, { org: (o) => [`${o}/connections`] }],
  [
    /^\/app\/integrations\/?$/,
    { user: ["/api/v1/me/calendar-feed", "/api/v1/me/google-calendar"], org: (o) => [`${o}/connections`, `${o}/whatsapp`, `${o}/telegram`, `${o}/inbound-mail`, `${o}/projects?limit=100`] },
  ],
  // Only an owner's page lists the agent's jobs.
  [/^\/app\/agents\/?$/, { org: (o, _, m) => [`${o}/agents/agent`, `${o}/agents/setup`, ...(can(m.role, "jobs.read") ? [`${o}/jobs?`] : [])] }],
  [/^\/app\/workflow-builder\/?$/, { org: (o) => [`${o}/workflows`] }],
  [/^\/app\/settings\/?$/, { user: ["/api/v1/me/exports", "/api/v1/me/exports/estimate"] }],
];

/**
 * Every /app page's shell needs the session and the organisations before the page can ask for its
 * own data, then the user (for the operator's items) and the unread count: those for all of them.
 * The pages above also read their first data here.
 */
export function startEarlyReads(pathname: string): void {
  if (!/^\/app(\/|$)/.test(pathname)) return;
  const page = pageReads.map(([pattern, reads]) => ({ match: pattern.exec(pathname), reads })).find(({ match }) => match);
  read(SESSION_PATH);
  read(ME_PATH);
  for (const path of page?.reads.user ?? []) read(path);
  void read(ORGANISATIONS_PATH)
    .then(async (response) => (response.ok ? ((await response.clone().json()) as { memberships?: Membership[] }) : null))
    .then((body) => {
      const current = pickCurrentOrg(body?.memberships ?? []);
      if (!current) return;
      const org = `/api/v1/organisations/${current.org_id}`;
      read(`${org}/notifications/unread`);
      if (page?.match && page.reads.org) page.reads.org(org, page.match, current).forEach(read);
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
