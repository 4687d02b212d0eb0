import { isOwnerRole } from "./constants";

/**
 * Who may do what in an organisation: the one permission table (docs/permissions.md). The server
 * enforces it per route (src/server/lib/route-policies.ts); the browser reads it to hide or
 * disable what the user may not do, and to say why.
 */
export const permissions = {
  "organisation.read": "member",
  "organisation.rename": "owner",
  "organisation.export": "owner",
  "organisation.delete": "owner",
  "organisation.security": "owner",
  "members.read": "member",
  "members.manage": "owner",
  "members.invite": "owner",
  "plane.read": "member",
  "plane.create": "member",
  "plane.update": "member",
  "plane.delete": "owner",
  "project.read": "member",
  "project.create": "member",
  "project.update": "member",
  "project.delete": "member",
  "task.read": "member",
  "task.create": "member",
  "task.update": "member",
  "task.delete": "member",
  "task.import": "member",
  "label.manage": "member",
  "comment.write": "member",
  "inbox.use": "member",
  "work.search": "member",
  "events.read": "member",
  "connection.read": "member",
  "connection.manage": "owner",
  "audit.read": "owner",
  "flags.read": "owner",
  "agent.read": "member",
  "agent.manage": "owner",
  "jobs.read": "owner",
  "telemetry.read": "owner",
  "chat.use": "owner",
  "workflow.manage": "owner",
  "actionPlan.edit": "member",
  "ai.assist": "member",
  "health.scan": "owner",
  "smoke.run": "owner",
  "diagnostics.read": "owner",
  "ops.read": "owner",
} as const satisfies Record<string, "member" | "owner">;

export type Permission = keyof typeof permissions;

export function can(role: string | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return permissions[permission] === "member" || isOwnerRole(role);
}
