import { z } from "zod";

const day = z.iso.date("Use a date like 2026-01-31");

/** The audit viewer's filters: who (a user id or an erased user's pseudonym), what (an action or its prefix such as "member."), and a range of UTC days. */
export const auditFilters = z
  .object({
    actor: z.string().trim().min(1).max(200).optional(),
    action: z.string().trim().min(1).max(100).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "The end date is before the start date", path: ["to"] });
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditQuery = z.intersection(auditFilters, z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(50) }));
export type AuditQuery = z.infer<typeof auditQuery>;

/** The CSV export's columns, in order. */
export const AUDIT_CSV_COLUMNS = ["created_at", "actor_user_id", "actor_name", "action", "target_type", "target_id", "ip", "details"] as const;

/**
 * Every action the audit log records, grouped by what it is about (the part before the dot). The
 * server can write no other (lib/audit.ts takes this type), and the audit page says each in the
 * reader's language (the audit namespace of web/i18n, checked by translations-complete.test.ts).
 */
export const AUDIT_ACTIONS = [
  "member.role_change",
  "member.remove",
  "member.leave",
  "invitation.create",
  "invitation.revoke",
  "invitation.accept",
  "organisation.rename",
  "organisation.security_change",
  "organisation.export",
  "organisation.delete",
  "connection.create",
  "connection.update",
  "connection.disconnect",
  "connection.delete",
  "connection.test",
  "agent.create",
  "agent.update",
  "agent.enable",
  "agent.disable",
  "agent.test",
  "agent.delete",
  "workflow.create",
  "workflow.update",
  "workflow.delete",
  "workflow.deploy",
  "health.config_updated",
  "health.fix_applied",
  "health.manual_fix_dispatched",
  "health.owner_promoted",
  "health.membership_removed",
  "action_plan.reset",
  "access_token.create",
  "access_token.use",
  "access_token.revoke",
  "account.erase",
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.lockout",
  "auth.password_change",
  "auth.password_reset",
  "auth.sign_out",
  "auth.session_revoked",
  "auth.sign_out_everywhere",
  "auth.two_factor_challenge",
  "auth.two_factor_failed",
  "auth.two_factor_setup_started",
  "auth.two_factor_enabled",
  "auth.two_factor_disabled",
  "auth.recovery_codes_regenerated",
  "auth.email_change_requested",
  "auth.email_changed",
  "plane.delete",
  "project.delete",
  "task.create",
  "task.update",
  "task.delete",
  "task.repeat",
  "comment.create",
  "comment.update",
  "comment.delete",
  "label.create",
  "label.update",
  "label.delete",
  "calendar_feed.create",
  "calendar_feed.regenerate",
  "calendar_feed.projects_change",
  "calendar_feed.revoke",
  "google_calendar.connect",
  "google_calendar.disconnect",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about: the kind of its target_id. */
export const AUDIT_TARGETS = ["user", "membership", "invitation", "organisation", "connection", "agent", "workflow", "health_scan", "access_token", "task", "label", "plane", "project"] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** The groups of actions, in the order the audit page's filter lists them. */
export const auditActionGroups = (): { group: string; actions: AuditAction[] }[] => {
  const groups = new Map<string, AuditAction[]>();
  for (const action of AUDIT_ACTIONS) {
    const group = action.slice(0, action.indexOf("."));
    groups.set(group, [...(groups.get(group) ?? []), action]);
  }
  return [...groups].map(([group, actions]) => ({ group, actions }));
};

