import type { App } from "../app";
import type { Db } from "../db/client";
import { memberships } from "../db/schema";
import { call, type Call } from "./http";
import { signedInUser } from "./users";

export type OrgUser = {
  id: string;
  cookie: string;
  orgId: string;
  base: string;
  /** Calls a path under /api/v1/organisations/{orgId} as this user. */
  api: (method: string, path: string, body?: unknown) => Promise<Call>;
};

/** A signed-in user who owns a fresh organisation of their own. */
export async function orgUser(app: App, db: Db, label: string, orgName?: string): Promise<OrgUser> {
  const user = await signedInUser(app, db, label);
  const boot = await call(app, "POST", "/functions/v1/org-bootstrap", { cookie: user.cookie, body: { user_id: user.id, org_name: orgName } });
  if (boot.status !== 200) throw new Error(`bootstrap failed: ${JSON.stringify(boot.body)}`);
  const orgId = (boot.body as { org: { id: string } }).org.id;
  const base = `/api/v1/organisations/${orgId}`;
  return { id: user.id, cookie: user.cookie, orgId, base, api: (method, path, body) => call(app, method, `${base}${path}`, { cookie: user.cookie, body }) };
}

/** The cast of a role test: an owner, another organisation's owner, and a member of the owner's organisation. */
export async function ownerOtherAndMember(app: App, db: Db, label: string): Promise<{ owner: OrgUser; other: OrgUser; member: { id: string; cookie: string } }> {
  // The owner signs up first: on a fresh database the first verified account is the platform's operator (lib/operators.ts).
  const owner = await orgUser(app, db, `${label}-owner`);
  const [other, member] = await Promise.all([orgUser(app, db, `${label}-other`), signedInUser(app, db, `${label}-member`)]);
  await db.insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
  return { owner, other, member };
}

/** Reads a field of a JSON body, failing loudly when the response was not what a test expected. */
export function field<T>(res: Call, key: string): T {
  const body = res.body as Record<string, unknown> | null;
  if (res.status >= 300 || !body || !(key in body)) throw new Error(`expected ${key} in ${res.status} ${JSON.stringify(res.body)}`);
  return body[key] as T;
}

export async function createPlaneVia(u: OrgUser, name: string): Promise<string> {
  return field<{ id: string }>(await u.api("POST", "/planes", { name }), "plane").id;
}

export async function createProjectVia(u: OrgUser, planeId: string, name: string): Promise<string> {
  return field<{ id: string }>(await u.api("POST", "/projects", { plane_id: planeId, name }), "project").id;
}

export async function createTaskVia(u: OrgUser, projectId: string, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  return field<{ id: string }>(await u.api("POST", "/tasks", { project_id: projectId, title, ...extra }), "task").id;
}

export const randomId = () => crypto.randomUUID();
