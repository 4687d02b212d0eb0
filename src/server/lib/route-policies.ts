import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import type { Permission } from "@/shared/permissions";

/**
 * Every route the server registers, with who may call it and which limits apply. A route missing
 * here is treated as owner-only with the small body limit, and route-policies.test.ts fails, so a
 * new route cannot forget its policy. Writes (every non-GET) are counted by the write limit.
 *
 * access: "public" needs nothing, "user" a session, a Permission a session and that permission
 * in the organisation named by :orgId (or by the body, for conn-upsert). operator: the caller must
 * also be one of the platform's operators (lib/operators.ts), whatever their role: what it shows or
 * does reaches past one organisation (the server's configuration, every tenant's traffic, shared
 * services). Anyone else gets 403; a non-member of the organisation still gets the 404 first.
 */
export type RoutePolicy = { access: "public" | "user" | Permission; operator?: true; body?: "import" | "csv"; limit?: "search" | "import" | "stream" };

const org = "/api/v1/organisations/:orgId";

export const routePolicies: Record<string, RoutePolicy> = {
  "GET /api/auth/*": { access: "public" },
  "GET /api/auth/reset-password/:token": { access: "public" },
  "POST /api/auth/*": { access: "public" },
  "GET /api/dev/outbox": { access: "public" },
  "GET /*": { access: "public" },
  "GET /functions/v1/health": { access: "public" },
  "POST /functions/v1/health": { access: "public" },
  "GET /functions/v1/release-info": { access: "public" },
  "POST /functions/v1/release-info": { access: "public" },
  "POST /functions/v1/org-bootstrap": { access: "user" },
  "POST /functions/v1/conn-upsert": { access: "connection.manage" },
  "POST /functions/v1/agent-dispatch": { access: "agent.manage" },
  "POST /functions/v1/agent-chat": { access: "chat.use" },
  "POST /functions/v1/dev-chat": { access: "chat.use" },
  "POST /functions/v1/ai-assist": { access: "ai.assist" },
  "POST /functions/v1/telemetry": { access: "user" },
  // Signed by n8n (docs/agent-signing.md) instead of a session.
  "POST /functions/v1/agent-inbox": { access: "public" },
  "POST /functions/v1/agent-claim": { access: "public" },
  "GET /functions/v1/agent-ready": { access: "public" },
  // The operator's set-up is nobody's business but the operator's.
  "GET /functions/v1/secrets-ready": { access: "user", operator: true },
  "POST /functions/v1/secrets-ready": { access: "user", operator: true },
  "POST /functions/v1/agent-ready": { access: "public" },
  "GET /functions/v1/starter-workflow": { access: "public" },
  // /status's latency chart: the platform's own probe results, bucketed.
  "GET /functions/v1/health-history": { access: "public" },
  "GET /api/v1/organisations": { access: "user" },
  "GET /api/v1/locate": { access: "user" },
  // GDPR: the caller's own export (only the requester downloads it) and erasing their account.
  "GET /api/v1/me/exports": { access: "user" },
  "POST /api/v1/me/exports": { access: "user" },
  "GET /api/v1/me/exports/estimate": { access: "user" },
  "GET /api/v1/me/exports/:exportId": { access: "user" },
  "GET /api/v1/me/exports/:exportId/download": { access: "user" },
  "GET /api/v1/me/erasure": { access: "user" },
  "DELETE /api/v1/me": { access: "user" },
  // Who the caller is, and whether they operate the platform (the browser hides operator screens by it).
  "GET /api/v1/me": { access: "user" },
  // Personal access tokens: session only (a token is refused before these run, auth/access-token-auth.ts).
  "GET /api/v1/me/access-tokens": { access: "user" },
  "POST /api/v1/me/access-tokens": { access: "user" },
  "DELETE /api/v1/me/access-tokens/:tokenId": { access: "user" },
  // The OpenAPI document and its reference page.
  "GET /api/docs": { access: "public" },
  "GET /api/docs/openapi.json": { access: "public" },
  "GET /api/v1/hq/status": { access: "user" },
  "POST /api/v1/hq/messages": { access: "user" },
  // An invitation's holder: the token is in the body, never in a logged path; accepting needs the invited address signed in.
  "POST /api/v1/invitations/preview": { access: "public" },
  "POST /api/v1/invitations/accept": { access: "user" },
  "GET /api/v1/me/notification-preferences": { access: "user" },
  "PUT /api/v1/me/notification-preferences": { access: "user" },
  "GET /api/v1/me/task-email": { access: "user" },
  "PUT /api/v1/me/task-email": { access: "user" },
  // RFC 8058 one-click unsubscribe: the signed token in the link is the proof, as a mail client calls it.
  "GET /api/v1/unsubscribe": { access: "public" },
  "POST /api/v1/unsubscribe": { access: "public" },
  // Called by Telegram: the X-Telegram-Bot-Api-Secret-Token given to setWebhook is the proof.
  "POST /api/v1/hooks/telegram/:orgId": { access: "public" },
  // Called by Meta: the verify token shown to the owner (GET) and X-Hub-Signature-256 under the app secret (POST) are the proof.
  "GET /api/v1/hooks/whatsapp/:orgId": { access: "public" },
  "POST /api/v1/hooks/whatsapp/:orgId": { access: "public" },
  // The caller's own calendar subscription feed (modules/calendar).
  "GET /api/v1/me/calendar-feed": { access: "user" },
  "POST /api/v1/me/calendar-feed": { access: "user" },
  "PUT /api/v1/me/calendar-feed/projects": { access: "user" },
  "DELETE /api/v1/me/calendar-feed": { access: "user" },
  // The feed a calendar app subscribes to: the secret in the path is the proof (no session).
  "GET /api/v1/calendar-feeds/:token": { access: "public" },
  // The caller's own Google Calendar (modules/google-calendar): connect starts OAuth with PKCE.
  "GET /api/v1/me/google-calendar": { access: "user" },
  "GET /api/v1/me/google-calendar/connect": { access: "user" },
  "DELETE /api/v1/me/google-calendar": { access: "user" },
  // Google's redirect: the one-use state bound to the session that started it is the proof; a
  // missing session or foreign state sends the browser back to the card with the reason.
  "GET /api/v1/oauth/google-calendar/callback": { access: "public" },
  [`PATCH ${org}`]: { access: "organisation.rename" },
  [`DELETE ${org}`]: { access: "organisation.delete" },
  [`POST ${org}/exports`]: { access: "organisation.export" },
  [`GET ${org}/exports/estimate`]: { access: "organisation.export" },
  [`GET ${org}/security`]: { access: "organisation.read" },
  // Model calls on the server's key today, of the daily budget (lib/budgets.ts).
  [`GET ${org}/budgets`]: { access: "organisation.read" },
  [`PUT ${org}/security`]: { access: "organisation.security" },
  [`GET ${org}/members`]: { access: "members.read" },
  [`PATCH ${org}/members/:userId`]: { access: "members.manage" },
  [`DELETE ${org}/members/:userId`]: { access: "members.manage" },
  [`DELETE ${org}/membership`]: { access: "organisation.read" },
  [`GET ${org}/invitations`]: { access: "members.invite" },
  [`POST ${org}/invitations`]: { access: "members.invite" },
  [`DELETE ${org}/invitations/:inviteId`]: { access: "members.invite" },
  [`GET ${org}/planes`]: { access: "plane.read" },
  [`POST ${org}/planes`]: { access: "plane.create" },
  [`GET ${org}/planes/:planeId`]: { access: "plane.read" },
  [`PATCH ${org}/planes/:planeId`]: { access: "plane.update" },
  [`DELETE ${org}/planes/:planeId`]: { access: "plane.delete" },
  [`GET ${org}/projects`]: { access: "project.read" },
  [`POST ${org}/projects`]: { access: "project.create" },
  [`GET ${org}/projects/:projectId`]: { access: "project.read" },
  [`GET ${org}/projects/usage`]: { access: "project.read" },
  [`PATCH ${org}/projects/:projectId`]: { access: "project.update" },
  [`DELETE ${org}/projects/:projectId`]: { access: "project.delete" },
  [`GET ${org}/tasks`]: { access: "task.read" },
  [`GET ${org}/tasks/counts`]: { access: "task.read" },
  [`POST ${org}/tasks`]: { access: "task.create" },
  [`GET ${org}/tasks/:taskId`]: { access: "task.read" },
  [`PATCH ${org}/tasks/:taskId`]: { access: "task.update" },
  [`DELETE ${org}/tasks/:taskId`]: { access: "task.delete" },
  [`GET ${org}/tasks/board`]: { access: "task.read" },
  [`POST ${org}/tasks/:taskId/move`]: { access: "task.update" },
  [`GET ${org}/tasks/:taskId/activity`]: { access: "task.read" },
  [`GET ${org}/tasks/:taskId/comments`]: { access: "task.read" },
  [`POST ${org}/tasks/:taskId/comments`]: { access: "comment.write" },
  // Editing is the author's only, deleting the author's or an owner's: checked in the verb.
  [`PATCH ${org}/tasks/:taskId/comments/:commentId`]: { access: "comment.write" },
  [`DELETE ${org}/tasks/:taskId/comments/:commentId`]: { access: "comment.write" },
  [`GET ${org}/labels`]: { access: "task.read" },
  [`POST ${org}/labels`]: { access: "label.manage" },
  [`PATCH ${org}/labels/:labelId`]: { access: "label.manage" },
  [`DELETE ${org}/labels/:labelId`]: { access: "label.manage" },
  // A user's own saved list filters and inbox in the organisation.
  [`GET ${org}/views`]: { access: "task.read" },
  [`POST ${org}/views`]: { access: "task.read" },
  [`DELETE ${org}/views/:viewId`]: { access: "task.read" },
  [`GET ${org}/notifications`]: { access: "inbox.use" },
  [`GET ${org}/notifications/unread`]: { access: "inbox.use" },
  [`POST ${org}/notifications/read`]: { access: "inbox.use" },
  [`GET ${org}/search`]: { access: "work.search", limit: "search" },
  [`POST ${org}/onboarding/default-planes`]: { access: "plane.create" },
  [`POST ${org}/onboarding/import-tasks`]: { access: "task.import", body: "csv", limit: "import" },
  [`GET ${org}/onboarding/imports/:importId`]: { access: "task.import" },
  [`POST ${org}/onboarding/complete`]: { access: "organisation.read" },
  [`GET ${org}/events`]: { access: "events.read", limit: "stream" },
  [`GET ${org}/connections`]: { access: "connection.read" },
  [`POST ${org}/connections`]: { access: "connection.manage" },
  [`GET ${org}/connections/:connectionId`]: { access: "connection.read" },
  [`PATCH ${org}/connections/:connectionId`]: { access: "connection.manage" },
  [`DELETE ${org}/connections/:connectionId`]: { access: "connection.manage" },
  [`POST ${org}/connections/:connectionId/test`]: { access: "connection.manage" },
  // Telegram: owners connect, test and disconnect the bot; each member links (and unlinks) their own chat.
  [`GET ${org}/telegram`]: { access: "connection.read" },
  [`PUT ${org}/telegram`]: { access: "connection.manage" },
  [`POST ${org}/telegram/test`]: { access: "connection.manage" },
  [`DELETE ${org}/telegram`]: { access: "connection.manage" },
  [`POST ${org}/telegram/link-code`]: { access: "connection.read" },
  [`DELETE ${org}/telegram/link`]: { access: "connection.read" },
  // WhatsApp: the same; owners connect the number, each member links their own.
  [`GET ${org}/whatsapp`]: { access: "connection.read" },
  [`PUT ${org}/whatsapp`]: { access: "connection.manage" },
  [`POST ${org}/whatsapp/test`]: { access: "connection.manage" },
  [`DELETE ${org}/whatsapp`]: { access: "connection.manage" },
  [`POST ${org}/whatsapp/link-code`]: { access: "connection.read" },
  [`DELETE ${org}/whatsapp/link`]: { access: "connection.read" },
  // Mail to task: the receiver's state for the Gmail card, and each project's private address.
  [`GET ${org}/inbound-mail`]: { access: "connection.read" },
  [`GET ${org}/inbound-mail/projects/:projectId`]: { access: "project.read" },
  [`PATCH ${org}/inbound-mail/projects/:projectId`]: { access: "project.update" },
  [`POST ${org}/inbound-mail/projects/:projectId/address`]: { access: "project.update" },
  [`GET ${org}/agents/agent`]: { access: "agent.read" },
  [`POST ${org}/agents/agent`]: { access: "agent.manage" },
  [`PATCH ${org}/agents/agent`]: { access: "agent.manage" },
  [`DELETE ${org}/agents/agent`]: { access: "agent.manage" },
  [`POST ${org}/agents/agent/status`]: { access: "agent.manage" },
  [`POST ${org}/agents/agent/test`]: { access: "agent.manage" },
  [`GET ${org}/agents/setup`]: { access: "agent.read" },
  [`GET ${org}/agents/summary`]: { access: "agent.read" },
  [`GET ${org}/workflows`]: { access: "workflow.manage" },
  // A saved workflow of 500+ nodes is a few hundred KB: the import's body limit, not the 64 KB one.
  [`POST ${org}/workflows`]: { access: "workflow.manage", body: "import" },
  [`GET ${org}/workflows/:workflowId`]: { access: "workflow.manage" },
  [`PUT ${org}/workflows/:workflowId`]: { access: "workflow.manage", body: "import" },
  [`DELETE ${org}/workflows/:workflowId`]: { access: "workflow.manage" },
  [`GET ${org}/workflows/:workflowId/n8n`]: { access: "workflow.manage" },
  [`POST ${org}/workflows/:workflowId/deploy`]: { access: "workflow.manage" },
  [`GET ${org}/workflows/:workflowId/deployment`]: { access: "workflow.manage" },
  [`GET ${org}/audit`]: { access: "audit.read" },
  [`GET ${org}/audit/export`]: { access: "audit.read" },
  [`GET ${org}/flags`]: { access: "flags.read" },
  [`GET ${org}/action-plan`]: { access: "organisation.read" },
  [`PATCH ${org}/action-plan`]: { access: "actionPlan.edit" },
  [`DELETE ${org}/action-plan`]: { access: "actionPlan.edit" },
  [`GET ${org}/chat/agents`]: { access: "chat.use" },
  [`GET ${org}/chat/conversations`]: { access: "chat.use" },
  [`GET ${org}/chat/conversations/:conversationId`]: { access: "chat.use" },
  [`DELETE ${org}/chat/conversations/:conversationId`]: { access: "chat.use" },
  [`POST ${org}/chat/messages`]: { access: "chat.use" },
  [`POST ${org}/chat/messages/:messageId/confirm`]: { access: "chat.use" },
  [`GET ${org}/jobs`]: { access: "jobs.read" },
  [`GET ${org}/jobs/summary`]: { access: "jobs.read" },
  [`GET ${org}/telemetry`]: { access: "telemetry.read" },
  // Every tenant's request rates, slow SQL, runtime and memory: the platform's operator only.
  [`GET ${org}/diagnostics`]: { access: "diagnostics.read", operator: true },
  // Project self-healing: the latest report, a synchronous analysis (rate-limited in the verb), one Auto-Fix.
  [`GET ${org}/project-health/:projectId`]: { access: "health.scan" },
  [`POST ${org}/project-health/:projectId/analyze`]: { access: "health.scan" },
  [`POST ${org}/project-health/:projectId/issues/:projectIssueId/fix`]: { access: "health.scan" },
  // One smoke check against this server (health, database, auth, sse, queue, n8n); also limited per organisation.
  // The checks reach shared services (database, queue, n8n): the platform's operator only.
  [`POST ${org}/smoke/:check`]: { access: "smoke.run", operator: true },
  // The running server's configuration for the operator guides (/go-live, /deploy/wizard, /ops/tools).
  [`GET ${org}/ops/environment`]: { access: "ops.read", operator: true },
  // Platform self-healing (/app/self-healing): settings (versioned), a synchronous scan, one fix, a Manual Fix job.
  [`GET ${org}/health/platform/config`]: { access: "health.scan" },
  [`PUT ${org}/health/platform/config`]: { access: "health.scan" },
  [`GET ${org}/health/platform/scans`]: { access: "health.scan" },
  [`POST ${org}/health/platform/scans`]: { access: "health.scan" },
  // A repair of the platform itself (database, sign-in, functions) is the operator's: checked in the verb by the issue.
  [`POST ${org}/health/platform/scans/:scanId/issues/:issueId/fix`]: { access: "health.scan" },
  [`POST ${org}/health/platform/scans/:scanId/issues/:issueId/manual-fix`]: { access: "health.scan" },
};

/** Body limits in bytes: small JSON everywhere; the CSV import's rows and saved workflows up to 5 MB. */
// csv: a CSV import's rows as JSON, for a file of up to 12 MB (MAX_IMPORT_FILE_BYTES) and 100,000 rows.
export const BODY_LIMITS = { json: 64 * 1024, import: 5 * 1024 * 1024, csv: 32 * 1024 * 1024 } as const;

const failClosed: RoutePolicy = { access: "organisation.rename" };

/** The registered route a request will be answered by: the first matched handler that is not middleware. */
export const matchedRoute = (c: Context) => matchedRoutes(c).find((r) => r.method !== "ALL");

export function matchedRouteKey(c: Context): string | undefined {
  const route = matchedRoute(c);
  return route ? `${route.method} ${route.path}` : undefined;
}

export function policyOf(c: Context): RoutePolicy {
  const key = matchedRouteKey(c);
  if (!key) return { access: "public" }; // the 404 fallbacks
  return routePolicies[key] ?? failClosed;
}
