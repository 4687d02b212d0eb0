import { z } from "zod";
import { accessTokenList, createAccessTokenInput, createdAccessToken } from "@/shared/access-tokens";
import { calendarFeedProjectsInput, calendarFeedStatus, createdCalendarFeed } from "@/shared/calendar-feed";
import { googleCalendarStatus, googleCallbackQuery } from "@/shared/google-calendar";
import { setActionPlanItemInput } from "@/shared/action-plan";
import { agent, agentSetup, agentSummary, agentSummaryQuery, agentTestResult, createAgentInput, setAgentStatusInput, updateAgentInput } from "@/shared/agents";
import { agentChatInput, agentChatResponse, aiAssistInput, aiAssistResponse, chatAgentsResponse, confirmChatActionInput, conversationListResponse, conversationResponse, devChatInput, devChatResponse, sendChatMessageInput, telemetryInput, telemetryListQuery, telemetryPage, telemetryResponse } from "@/shared/chat";
import { auditFilters, auditQuery } from "@/shared/audit";
import { dataExportList, dataExportResponse, exportEstimateResponse, deleteAccountInput, deleteOrganisationInput, erasurePreview } from "@/shared/data-rights";
import { organisationSecurityResponse, updateOrganisationSecurityInput } from "@/shared/organisation-security";
import { organisationBudgetsResponse } from "@/shared/budgets";
import { inboundMailStatusResponse, projectMailResponse, updateProjectMailInput } from "@/shared/inbound-mail";
import { auditPage, connection, connectionListResponse, connectionResponse, connUpsertInput, connUpsertResponse, createConnectionInput, updateConnectionInput } from "@/shared/connections";
import { diagnosticsSnapshot } from "@/shared/diagnostics";
import { flagListResponse } from "@/shared/flags";
import { meResponse } from "@/shared/me";
import { healthResponse, orgBootstrapInput, orgBootstrapResponse, releaseInfoResponse, secretsReadyResponse } from "@/shared/functions";
import { healthHistoryQuery, healthHistoryResponse } from "@/shared/health-history";
import { hqMessageInput, hqMessageResponse } from "@/shared/hq";
import { acceptInvitationResponse, createInvitationInput, invitation, invitationList, invitationPreview, invitationTokenInput } from "@/shared/invitations";
import { agentClaimInput, agentClaimResponse, agentDispatchInput, agentInboxInput, agentReadyResponse, jobsPage, jobsSummary, listJobsQuery } from "@/shared/jobs";
import { notificationPreferencesResponse, updateNotificationPreferencesInput } from "@/shared/notifications";
import { opsEnvironment } from "@/shared/ops";
import { changeMemberRoleInput, locateQuery, locateResponse, member, memberList, membershipList, organisation, renameOrganisationInput } from "@/shared/organisations";
import { healingConfigState, platformScan, updateHealingConfigInput } from "@/shared/platform-health";
import { projectAutoFixResponse, projectHealthLatest } from "@/shared/project-health";
import { smokeResult } from "@/shared/smoke";
import { taskImportResponse } from "@/shared/task-imports";
import { createPlaneInput, createProjectInput, createTaskInput, defaultPlanesInput, deletePlaneQuery, importResult, importTasksInput, plane, planeListQuery, planePage, project, projectListQuery, projectPage, projectUsage, task, taskCounts, taskListQuery, taskPage, timeZone, updatePlaneInput, updateProjectInput, updateTaskInput } from "@/shared/work";
import { createWorkflowInput, deployWorkflowInput, deploymentStatus, updateWorkflowInput, workflowSummary } from "@/shared/workflows";
import { activityList, boardPage, boardQuery, comment, commentPage, commentPageQuery, createCommentInput, createLabelInput, createSavedViewInput, label, labelList, moveTaskInput, savedView, savedViewList, updateCommentInput, updateLabelInput } from "@/shared/task-team";
import { linkCodeResponse, telegramConnectInput, telegramStatus, telegramTestResult, whatsappConnectInput, whatsappStatus, whatsappTestResult } from "@/shared/messaging";
import { inboxPage, inboxQuery, markReadInput, taskEmailSettingsResponse, unreadCount, unsubscribeQuery, updateTaskEmailSettingsInput } from "@/shared/inbox";
import { starterQuery } from "../../functions/agent-ready";
import { listQuery as conversationListQuery } from "../chat/routes";
import { query as searchQuery } from "../search/routes";
import { whatsappVerificationQuery } from "../whatsapp/webhook-routes";

/**
 * What the OpenAPI document says of each route beyond its method and path (openapi-document.ts):
 * the zod schemas the route parses its body and query with (the same objects, imported), and the
 * shared schema of its answer where one exists. Keyed like route-policies.ts; a route under
 * /api/v1 or /functions/v1 missing here is missing from the document, and openapi.test.ts fails.
 */
export type Operation = {
  tag: string;
  summary: string;
  body?: z.ZodType;
  /** An object of strings in, whatever it parses to (an intersection or refined object is fine). */
  query?: z.core.$ZodType<unknown, Record<string, unknown>>;
  /** The success answer's schema; a JSON object without one. */
  response?: z.ZodType;
  /** 200 unless said: 201 for creates, 202 for work started, 204 for answers without a body, 302 for a browser sent on (OAuth). */
  status?: 200 | 201 | 202 | 204 | 302;
  /** A 202 answer's schema, for a route that answers at once or starts the work in the background. */
  accepted?: z.ZodType;
  /** The success answer's media type when it is not JSON: a download, a stream, a page. */
  contentType?: "application/json" | "text/csv" | "application/zip" | "text/event-stream" | "text/html" | "text/calendar" | "text/plain";
  /**
   * Error answers of this route beyond those every route of its kind gives (400, 401, 403, 404
   * with a path parameter, 413 on writes, 429): status → when, in the ApiError shape unless a
   * schema is given.
   */
  errors?: Partial<Record<401 | 402 | 403 | 404 | 409 | 410 | 422 | 424 | 502 | 503 | 504, string | { description: string; schema: z.ZodType }>>;
};

const org = "/api/v1/organisations/:orgId";
const ok = z.object({ ok: z.literal(true) });
/** n8n's signed calls: no session, the signature is the proof (docs/agent-signing.md). */
const unsigned = { 401: "No N8N_AGENT_SECRET on this server, or the signature is missing, wrong or stale" } as const;
const wrap = <K extends string>(key: K, schema: z.ZodType) => z.object({ [key]: schema } as Record<K, z.ZodType>);

export const operations: Record<string, Operation> = {
  // Functions (Supabase-style edge functions, spec §7).
  "GET /functions/v1/health": { tag: "Functions", summary: "Health of the server and its parts", response: healthResponse },
  "POST /functions/v1/health": { tag: "Functions", summary: "Health of the server and its parts", response: healthResponse },
  "GET /functions/v1/release-info": { tag: "Functions", summary: "The running release", response: releaseInfoResponse },
  "POST /functions/v1/release-info": { tag: "Functions", summary: "The running release", response: releaseInfoResponse },
  "POST /functions/v1/org-bootstrap": { tag: "Functions", summary: "Create the caller's first organisation", body: orgBootstrapInput, response: orgBootstrapResponse },
  "POST /functions/v1/conn-upsert": { tag: "Functions", summary: "Add or replace a connection by provider", body: connUpsertInput, response: connUpsertResponse },
  "POST /functions/v1/agent-dispatch": { tag: "Functions", summary: "Dispatch a job to the organisation's agent", body: agentDispatchInput },
  "POST /functions/v1/agent-chat": { tag: "Functions", summary: "Ask the agent", body: agentChatInput, response: agentChatResponse },
  "POST /functions/v1/dev-chat": { tag: "Functions", summary: "Ask the developer assistant", body: devChatInput, response: devChatResponse },
  "POST /functions/v1/ai-assist": { tag: "Functions", summary: "Plan a project with the assistant", body: aiAssistInput, response: aiAssistResponse },
  "POST /functions/v1/telemetry": { tag: "Functions", summary: "Record a product event", body: telemetryInput, response: telemetryResponse },
  "POST /functions/v1/agent-inbox": { tag: "Functions", summary: "A job result from n8n (signed, docs/agent-signing.md)", body: agentInboxInput, errors: unsigned },
  "POST /functions/v1/agent-claim": { tag: "Functions", summary: "n8n claims a job before its work (signed; 409 when already claimed, docs/agent-signing.md)", body: agentClaimInput, response: agentClaimResponse, errors: { ...unsigned, 409: "The job is already claimed" } },
  "GET /functions/v1/agent-ready": { tag: "Functions", summary: "Whether an agent webhook is ready", query: starterQuery, response: agentReadyResponse },
  "POST /functions/v1/agent-ready": { tag: "Functions", summary: "Whether an agent webhook is ready", query: starterQuery, response: agentReadyResponse },
  "GET /functions/v1/secrets-ready": { tag: "Functions", summary: "Which operator secrets are set", response: secretsReadyResponse },
  "POST /functions/v1/secrets-ready": { tag: "Functions", summary: "Which operator secrets are set", response: secretsReadyResponse },
  "GET /functions/v1/starter-workflow": { tag: "Functions", summary: "Download the starter n8n workflow", query: starterQuery },
  "GET /functions/v1/health-history": { tag: "Functions", summary: "Probe latency, bucketed", query: healthHistoryQuery, response: healthHistoryResponse },

  // The caller.
  "GET /api/v1/organisations": { tag: "Account", summary: "The caller's organisations", response: membershipList },
  "GET /api/v1/locate": { tag: "Account", summary: "Which of the caller's organisations holds a record", query: locateQuery, response: locateResponse },
  "GET /api/v1/me/access-tokens": { tag: "Account", summary: "The caller's personal access tokens (session only)", response: accessTokenList },
  "POST /api/v1/me/access-tokens": { tag: "Account", summary: "Create a personal access token; the secret is in this answer only (session only)", body: createAccessTokenInput, response: createdAccessToken, status: 201, errors: { 409: "The caller has as many tokens as allowed: revoke one first" } },
  "DELETE /api/v1/me/access-tokens/:tokenId": { tag: "Account", summary: "Revoke a personal access token (session only)", status: 204 },
  "GET /api/v1/me/exports": { tag: "Account", summary: "The caller's data exports", response: dataExportList },
  "POST /api/v1/me/exports": { tag: "Account", summary: "Start an export of the caller's data", response: dataExportResponse, status: 202 },
  "GET /api/v1/me/exports/estimate": { tag: "Account", summary: "How large an export of the caller's data is likely to be", response: exportEstimateResponse },
  "GET /api/v1/me/exports/:exportId": { tag: "Account", summary: "One data export's state", response: dataExportResponse },
  "GET /api/v1/me/exports/:exportId/download": { tag: "Account", summary: "Download a finished export (a ZIP)", contentType: "application/zip", errors: { 409: "The export is not ready yet", 410: "The export has expired and its file is deleted" } },
  "GET /api/v1/me/erasure": { tag: "Account", summary: "What deleting the account would delete: the organisations the caller alone owns", response: erasurePreview },
  "GET /api/v1/me": { tag: "Account", summary: "The caller, and whether they operate this platform", response: meResponse },
  "DELETE /api/v1/me": { tag: "Account", summary: "Delete the caller's account (session only)", body: deleteAccountInput, status: 204, errors: { 409: "The organisations that would be deleted with the account changed since the caller confirmed them" } },
  "GET /api/v1/me/notification-preferences": { tag: "Account", summary: "The caller's notification preferences", response: notificationPreferencesResponse },
  "PUT /api/v1/me/notification-preferences": { tag: "Account", summary: "Change the caller's notification preferences", body: updateNotificationPreferencesInput, response: notificationPreferencesResponse },
  "GET /api/v1/me/task-email": { tag: "Account", summary: "How task notifications mail the caller (instant, daily digest, off)", response: taskEmailSettingsResponse },
  "PUT /api/v1/me/task-email": { tag: "Account", summary: "Change how task notifications mail the caller", body: updateTaskEmailSettingsInput, response: taskEmailSettingsResponse },
  "GET /api/v1/unsubscribe": { tag: "Account", summary: "The one-click unsubscribe page of a task mail (HTML; the token is the proof)", query: unsubscribeQuery },
  "POST /api/v1/unsubscribe": { tag: "Account", summary: "One-click unsubscribe from task mail (RFC 8058; HTML answer)", query: unsubscribeQuery },
  "POST /api/v1/hooks/telegram/:orgId": {
    tag: "Telegram",
    summary: "Telegram's webhook for the organisation's bot (called by Telegram; X-Telegram-Bot-Api-Secret-Token is the proof, a repeated update_id is ignored)",
    response: z.object({ ok: z.literal(true) }),
    errors: { 401: "The secret token is missing or not the one given to setWebhook" },
  },
  "GET /api/v1/hooks/whatsapp/:orgId": {
    tag: "WhatsApp",
    summary: "Meta's webhook verification (hub.mode=subscribe, hub.verify_token, hub.challenge): the challenge comes back as text/plain when the verify token is the organisation's",
    query: whatsappVerificationQuery,
    contentType: "text/plain",
    errors: { 403: "The verify token is not the organisation's (Meta's own rule for a failed verification)" },
  },
  "POST /api/v1/hooks/whatsapp/:orgId": {
    tag: "WhatsApp",
    summary: "WhatsApp's webhook for the organisation's number (called by Meta; X-Hub-Signature-256, an HMAC-SHA256 of the body under the app secret, is the proof; a repeated message id is ignored)",
    response: z.object({ ok: z.literal(true) }),
    errors: { 401: "The signature is missing or not made with the organisation's app secret" },
  },
  "GET /api/v1/me/calendar-feed": { tag: "Account", summary: "The caller's calendar subscription feed (never its URL) and the projects it may follow", response: calendarFeedStatus },
  "POST /api/v1/me/calendar-feed": { tag: "Account", summary: "Create the caller's calendar feed, or give it a new URL (the old one stops); the URL is in this answer only", response: createdCalendarFeed, status: 201 },
  "PUT /api/v1/me/calendar-feed/projects": { tag: "Account", summary: "Which projects the calendar feed follows beside the caller's own tasks", body: calendarFeedProjectsInput, response: calendarFeedStatus },
  "DELETE /api/v1/me/calendar-feed": { tag: "Account", summary: "Revoke the caller's calendar feed: its URL answers 404 from now on", status: 204 },
  "GET /api/v1/calendar-feeds/:token": { tag: "Account", summary: "The iCalendar feed (RFC 5545) a calendar app subscribes to; the secret in the path is the proof. ETag and If-None-Match (304)", contentType: "text/calendar" },
  "GET /api/v1/me/google-calendar": { tag: "Account", summary: "The caller's Google Calendar: set up by the operator or not, connected, or to be connected again", response: wrap("google_calendar", googleCalendarStatus) },
  "GET /api/v1/me/google-calendar/connect": { tag: "Account", summary: "Start connecting Google Calendar: redirects to Google's consent page (OAuth 2.0 with PKCE), or back to the card when not set up", status: 302 },
  "DELETE /api/v1/me/google-calendar": { tag: "Account", summary: "Disconnect Google Calendar: the grant is revoked at Google, the tokens and the task-event map are deleted", response: wrap("google_calendar", googleCalendarStatus) },
  "GET /api/v1/oauth/google-calendar/callback": { tag: "Account", summary: "Google's redirect back with the code and our state; redirects to the integrations page with the outcome (?google_calendar=…)", query: googleCallbackQuery, status: 302 },
  "POST /api/v1/invitations/preview": { tag: "Invitations", summary: "What an invitation offers", body: invitationTokenInput, response: wrap("invitation", invitationPreview), errors: { 404: "The link's token is not an invitation" } },
  "POST /api/v1/invitations/accept": { tag: "Invitations", summary: "Accept an invitation", body: invitationTokenInput, response: acceptInvitationResponse, errors: { 404: "The link's token is not an invitation", 409: "The invitation was already used", 410: "The invitation was withdrawn or has expired" } },
  "GET /api/v1/hq/status": { tag: "HQ", summary: "The switchboard's status" },
  "POST /api/v1/hq/messages": { tag: "HQ", summary: "Send a message to the switchboard", body: hqMessageInput, response: hqMessageResponse, errors: { 502: { description: "No switchboard is configured, or none answered: { ok: false, error } (the gateway failed, not this server)", schema: hqMessageResponse } } },

  // Organisations and members.
  [`PATCH ${org}`]: { tag: "Organisations", summary: "Rename the organisation", body: renameOrganisationInput, response: wrap("organisation", organisation) },
  [`GET ${org}/members`]: { tag: "Organisations", summary: "List members", response: memberList },
  [`PATCH ${org}/members/:userId`]: { tag: "Organisations", summary: "Change a member's role", body: changeMemberRoleInput, response: wrap("member", member), errors: { 409: "The change would leave the organisation without an owner" } },
  [`DELETE ${org}/members/:userId`]: { tag: "Organisations", summary: "Remove a member", status: 204, errors: { 409: "The change would leave the organisation without an owner" } },
  [`DELETE ${org}/membership`]: { tag: "Organisations", summary: "Leave the organisation", status: 204, errors: { 409: "The caller is the organisation's last owner: hand it over or delete it" } },
  [`DELETE ${org}`]: { tag: "Organisations", summary: "Delete the organisation and all its data", body: deleteOrganisationInput, status: 204 },
  [`GET ${org}/security`]: { tag: "Organisations", summary: "Whether the organisation requires two-factor sign-in", response: organisationSecurityResponse },
  [`PUT ${org}/security`]: { tag: "Organisations", summary: "Require two-factor sign-in, or stop requiring it", body: updateOrganisationSecurityInput, response: organisationSecurityResponse, errors: { 409: "Someone changed the setting since the caller read it (the version is stale)" } },
  [`GET ${org}/budgets`]: { tag: "Organisations", summary: "Model calls on the server's key today, of the daily budget", response: organisationBudgetsResponse },
  [`GET ${org}/exports/estimate`]: { tag: "Organisations", summary: "How large an export of the organisation's data is likely to be", response: exportEstimateResponse },
  [`POST ${org}/exports`]: { tag: "Organisations", summary: "Start an export of the organisation's data", response: dataExportResponse, status: 202 },
  [`GET ${org}/invitations`]: { tag: "Invitations", summary: "Pending invitations", response: invitationList },
  [`POST ${org}/invitations`]: { tag: "Invitations", summary: "Invite someone by email", body: createInvitationInput, response: wrap("invitation", invitation), status: 201, errors: { 409: "The address is already a member of the organisation" } },
  [`DELETE ${org}/invitations/:inviteId`]: { tag: "Invitations", summary: "Withdraw an invitation", status: 204 },

  // Work.
  [`GET ${org}/planes`]: { tag: "Planes", summary: "List planes", query: planeListQuery, response: planePage },
  [`POST ${org}/planes`]: { tag: "Planes", summary: "Create a plane", body: createPlaneInput, response: wrap("plane", plane), status: 201 },
  [`GET ${org}/planes/:planeId`]: { tag: "Planes", summary: "One plane", response: wrap("plane", plane) },
  [`PATCH ${org}/planes/:planeId`]: { tag: "Planes", summary: "Rename a plane or change its type", body: updatePlaneInput, response: wrap("plane", plane) },
  [`DELETE ${org}/planes/:planeId`]: { tag: "Planes", summary: "Delete a plane, moving or deleting its projects", query: deletePlaneQuery },
  [`GET ${org}/projects`]: { tag: "Projects", summary: "List projects", query: projectListQuery, response: projectPage },
  [`POST ${org}/projects`]: { tag: "Projects", summary: "Create a project", body: createProjectInput, response: wrap("project", project), status: 201 },
  [`GET ${org}/projects/:projectId`]: { tag: "Projects", summary: "One project", response: wrap("project", project) },
  [`GET ${org}/projects/usage`]: { tag: "Projects", summary: "Projects used against the plan's limit", response: wrap("usage", projectUsage) },
  [`PATCH ${org}/projects/:projectId`]: { tag: "Projects", summary: "Edit a project", body: updateProjectInput, response: wrap("project", project) },
  [`DELETE ${org}/projects/:projectId`]: { tag: "Projects", summary: "Delete a project with its tasks", response: ok },
  [`GET ${org}/tasks`]: { tag: "Tasks", summary: "List tasks", query: taskListQuery, response: taskPage },
  [`GET ${org}/tasks/counts`]: { tag: "Tasks", summary: "Task counts for the dashboard", query: z.object({ tz: timeZone }), response: wrap("counts", taskCounts) },
  [`POST ${org}/tasks`]: { tag: "Tasks", summary: "Create a task", body: createTaskInput, response: wrap("task", task), status: 201 },
  [`GET ${org}/tasks/:taskId`]: { tag: "Tasks", summary: "One task", response: wrap("task", task) },
  [`PATCH ${org}/tasks/:taskId`]: { tag: "Tasks", summary: "Edit or tick a task", body: updateTaskInput, response: wrap("task", task) },
  [`DELETE ${org}/tasks/:taskId`]: { tag: "Tasks", summary: "Delete a task", response: ok },
  [`GET ${org}/tasks/board`]: { tag: "Tasks", summary: "One board column in rank order", query: boardQuery, response: boardPage },
  [`POST ${org}/tasks/:taskId/move`]: { tag: "Tasks", summary: "Move a card on the board (column and neighbours); 409 when the board changed", body: moveTaskInput, response: wrap("task", task) },
  [`GET ${org}/tasks/:taskId/activity`]: { tag: "Tasks", summary: "A task's history, newest first", response: activityList },
  [`GET ${org}/tasks/:taskId/comments`]: { tag: "Comments", summary: "A task's comments, oldest first (order=newest: newest first)", query: commentPageQuery, response: commentPage },
  [`POST ${org}/tasks/:taskId/comments`]: { tag: "Comments", summary: "Comment on a task, mentioning members", body: createCommentInput, response: wrap("comment", comment), status: 201 },
  [`PATCH ${org}/tasks/:taskId/comments/:commentId`]: { tag: "Comments", summary: "Edit your own comment", body: updateCommentInput, response: wrap("comment", comment) },
  [`DELETE ${org}/tasks/:taskId/comments/:commentId`]: { tag: "Comments", summary: "Delete your comment (owners: any)", response: ok },
  [`GET ${org}/labels`]: { tag: "Labels", summary: "The organisation's labels", response: labelList },
  [`POST ${org}/labels`]: { tag: "Labels", summary: "Create a label", body: createLabelInput, response: wrap("label", label), status: 201, errors: { 409: "A label with this name exists" } },
  [`PATCH ${org}/labels/:labelId`]: { tag: "Labels", summary: "Rename or recolour a label", body: updateLabelInput, response: wrap("label", label), errors: { 409: "A label with this name exists" } },
  [`DELETE ${org}/labels/:labelId`]: { tag: "Labels", summary: "Delete a label (it leaves every task)", response: ok },
  [`GET ${org}/views`]: { tag: "Tasks", summary: "The caller's saved list views", response: savedViewList },
  [`POST ${org}/views`]: { tag: "Tasks", summary: "Save a list view", body: createSavedViewInput, response: wrap("view", savedView), status: 201 },
  [`DELETE ${org}/views/:viewId`]: { tag: "Tasks", summary: "Delete a saved view", response: ok },
  [`GET ${org}/notifications`]: { tag: "Notifications", summary: "The caller's notifications, newest first", query: inboxQuery, response: inboxPage },
  [`GET ${org}/notifications/unread`]: { tag: "Notifications", summary: "How many are unread", response: unreadCount },
  [`POST ${org}/notifications/read`]: { tag: "Notifications", summary: "Mark some or all read", body: markReadInput, response: unreadCount },
  [`GET ${org}/search`]: { tag: "Work", summary: "Search planes, projects and tasks", query: searchQuery },
  [`POST ${org}/onboarding/default-planes`]: { tag: "Onboarding", summary: "Create the default planes", body: defaultPlanesInput },
  [`POST ${org}/onboarding/import-tasks`]: {
    tag: "Onboarding",
    summary: "Import tasks from CSV rows: up to 1,000 rows answer with the report (200), more are imported in the background (202 with the import)",
    body: importTasksInput,
    response: importResult,
    accepted: taskImportResponse,
  },
  [`GET ${org}/onboarding/imports/:importId`]: { tag: "Onboarding", summary: "A CSV import's progress and report", response: taskImportResponse },
  [`POST ${org}/onboarding/complete`]: { tag: "Onboarding", summary: "Mark the caller's onboarding done" },
  [`GET ${org}/events`]: { tag: "Work", summary: "Live changes (Server-Sent Events)", contentType: "text/event-stream" },

  // Connections, agents, workflows.
  [`GET ${org}/connections`]: { tag: "Connections", summary: "List connections (keys masked)", response: connectionListResponse },
  [`POST ${org}/connections`]: { tag: "Connections", summary: "Add a connection", body: createConnectionInput, response: connectionResponse, status: 201, errors: { 409: "The organisation already has a connection to this provider: edit that one" } },
  [`GET ${org}/connections/:connectionId`]: { tag: "Connections", summary: "One connection", response: wrap("connection", connection) },
  [`PATCH ${org}/connections/:connectionId`]: { tag: "Connections", summary: "Edit or replace a connection's key", body: updateConnectionInput, response: connectionResponse },
  [`DELETE ${org}/connections/:connectionId`]: { tag: "Connections", summary: "Delete a connection", response: ok },
  [`POST ${org}/connections/:connectionId/test`]: { tag: "Connections", summary: "Test a saved connection", response: connectionResponse },
  [`GET ${org}/telegram`]: { tag: "Telegram", summary: "The Telegram card: connected (after a passing test), the bot, the last update and error, the caller's link", response: z.object({ telegram: telegramStatus }) },
  [`PUT ${org}/telegram`]: { tag: "Telegram", summary: "Save a bot token, test it (getMe) and register the webhook (setWebhook); ok is false with Telegram's words when either fails", body: telegramConnectInput, response: telegramTestResult },
  [`POST ${org}/telegram/test`]: { tag: "Telegram", summary: "Test the stored bot token again (getMe, setWebhook)", response: telegramTestResult, errors: { 404: "Telegram is not connected" } },
  [`DELETE ${org}/telegram`]: { tag: "Telegram", summary: "Disconnect: deleteWebhook at Telegram, unlink every chat, forget the token", response: z.object({ telegram: telegramStatus }) },
  [`POST ${org}/telegram/link-code`]: { tag: "Telegram", summary: "A one-time code (15 minutes) the caller sends to the bot as /start CODE", status: 201, response: linkCodeResponse, errors: { 409: "Telegram is not connected" } },
  [`DELETE ${org}/telegram/link`]: { tag: "Telegram", summary: "Unlink the caller's own chat", response: z.object({ telegram: telegramStatus }) },
  [`GET ${org}/whatsapp`]: { tag: "WhatsApp", summary: "The WhatsApp card: connected (after a passing test), the number, the webhook address and verify token (owners), the template, the last event and error, the caller's link", response: z.object({ whatsapp: whatsappStatus }) },
  [`PUT ${org}/whatsapp`]: { tag: "WhatsApp", summary: "Save the phone number id, access token, app secret and template name, and test them (the Graph API reads the number); ok is false with Meta's words when it fails", body: whatsappConnectInput, response: whatsappTestResult },
  [`POST ${org}/whatsapp/test`]: { tag: "WhatsApp", summary: "Test the stored credentials again (the Graph API reads the number)", response: whatsappTestResult, errors: { 404: "WhatsApp is not connected" } },
  [`DELETE ${org}/whatsapp`]: { tag: "WhatsApp", summary: "Disconnect: unlink every number, forget the credentials", response: z.object({ whatsapp: whatsappStatus }) },
  [`POST ${org}/whatsapp/link-code`]: { tag: "WhatsApp", summary: "A one-time code (15 minutes) the caller sends to the organisation's number as: link CODE", status: 201, response: linkCodeResponse, errors: { 409: "WhatsApp is not connected" } },
  [`DELETE ${org}/whatsapp/link`]: { tag: "WhatsApp", summary: "Unlink the caller's own number", response: z.object({ whatsapp: whatsappStatus }) },
  [`GET ${org}/inbound-mail`]: { tag: "Connections", summary: "Mail to task: the receiver's state, the last mail and error, Gmail's forwarding confirmation", response: inboundMailStatusResponse },
  [`GET ${org}/inbound-mail/projects/:projectId`]: { tag: "Connections", summary: "A project's private inbound address and sender allow-list", response: projectMailResponse },
  [`PATCH ${org}/inbound-mail/projects/:projectId`]: { tag: "Connections", summary: "Set a project's sender allow-list", body: updateProjectMailInput, response: projectMailResponse },
  [`POST ${org}/inbound-mail/projects/:projectId/address`]: { tag: "Connections", summary: "Make or regenerate a project's inbound address (the old one stops working)", response: projectMailResponse },
  [`GET ${org}/agents/agent`]: { tag: "Agents", summary: "The organisation's agent", response: wrap("agent", agent.nullable()) },
  [`POST ${org}/agents/agent`]: { tag: "Agents", summary: "Create the agent", body: createAgentInput, response: wrap("agent", agent), status: 201 },
  [`PATCH ${org}/agents/agent`]: { tag: "Agents", summary: "Edit the agent", body: updateAgentInput, response: wrap("agent", agent) },
  [`DELETE ${org}/agents/agent`]: { tag: "Agents", summary: "Delete the agent", response: ok },
  [`POST ${org}/agents/agent/status`]: { tag: "Agents", summary: "Enable or disable the agent", body: setAgentStatusInput, response: wrap("agent", agent) },
  [`POST ${org}/agents/agent/test`]: { tag: "Agents", summary: "Test the agent's webhook", response: agentTestResult, errors: { 409: "The agent is disabled, or n8n is not configured" } },
  [`GET ${org}/agents/setup`]: { tag: "Agents", summary: "The agent's setup steps", response: agentSetup },
  [`GET ${org}/agents/summary`]: { tag: "Agents", summary: "The agent's figures since a moment", query: agentSummaryQuery, response: agentSummary },
  [`GET ${org}/workflows`]: { tag: "Workflows", summary: "List workflows", response: wrap("workflows", z.array(workflowSummary)) },
  [`POST ${org}/workflows`]: { tag: "Workflows", summary: "Save a new workflow", body: createWorkflowInput, status: 201 },
  [`GET ${org}/workflows/:workflowId`]: { tag: "Workflows", summary: "One workflow" },
  [`PUT ${org}/workflows/:workflowId`]: { tag: "Workflows", summary: "Replace a workflow", body: updateWorkflowInput },
  [`DELETE ${org}/workflows/:workflowId`]: { tag: "Workflows", summary: "Delete a workflow", response: ok },
  [`GET ${org}/workflows/:workflowId/n8n`]: { tag: "Workflows", summary: "Export a workflow as n8n JSON" },
  [`POST ${org}/workflows/:workflowId/deploy`]: { tag: "Workflows", summary: "Deploy a workflow to n8n", body: deployWorkflowInput, errors: { 409: "n8n is not configured, or the workflow changed since the caller read it", 424: "n8n refused or did not answer" } },
  [`GET ${org}/workflows/:workflowId/deployment`]: { tag: "Workflows", summary: "A workflow's deployment status", response: wrap("status", deploymentStatus) },

  // Administration.
  [`GET ${org}/audit`]: { tag: "Administration", summary: "The audit log", query: auditQuery, response: auditPage },
  [`GET ${org}/audit/export`]: { tag: "Administration", summary: "The audit log as CSV (the same filters)", query: auditFilters, contentType: "text/csv" },
  [`GET ${org}/flags`]: { tag: "Administration", summary: "Feature flags", response: flagListResponse },
  [`GET ${org}/action-plan`]: { tag: "Administration", summary: "The action plan's ticks" },
  [`PATCH ${org}/action-plan`]: { tag: "Administration", summary: "Tick or untick an action plan item", body: setActionPlanItemInput },
  [`DELETE ${org}/action-plan`]: { tag: "Administration", summary: "Reset the action plan" },
  [`GET ${org}/jobs`]: { tag: "Administration", summary: "Agent jobs", query: listJobsQuery, response: jobsPage },
  [`GET ${org}/jobs/summary`]: { tag: "Administration", summary: "Agent job figures", response: jobsSummary },
  [`GET ${org}/telemetry`]: { tag: "Administration", summary: "Recent product events", query: telemetryListQuery, response: telemetryPage },
  [`GET ${org}/diagnostics`]: { tag: "Administration", summary: "The server's figures", response: diagnosticsSnapshot },
  [`GET ${org}/ops/environment`]: { tag: "Administration", summary: "The running server's configuration checks", response: opsEnvironment },
  [`POST ${org}/smoke/:check`]: { tag: "Administration", summary: "Run one smoke check", response: smokeResult },

  // Chat.
  [`GET ${org}/chat/agents`]: { tag: "Chat", summary: "Who can be asked", response: chatAgentsResponse },
  [`GET ${org}/chat/conversations`]: { tag: "Chat", summary: "List conversations", query: conversationListQuery, response: conversationListResponse },
  [`GET ${org}/chat/conversations/:conversationId`]: { tag: "Chat", summary: "One conversation", response: conversationResponse },
  [`DELETE ${org}/chat/conversations/:conversationId`]: { tag: "Chat", summary: "Delete a conversation", response: ok },
  [`POST ${org}/chat/messages`]: { tag: "Chat", summary: "Send a message (answer streamed as Server-Sent Events)", body: sendChatMessageInput, contentType: "text/event-stream" },
  [`POST ${org}/chat/messages/:messageId/confirm`]: { tag: "Chat", summary: "Confirm or cancel a proposed action", body: confirmChatActionInput },

  // Self-healing.
  [`GET ${org}/project-health/:projectId`]: { tag: "Health", summary: "A project's latest health report", response: projectHealthLatest },
  [`POST ${org}/project-health/:projectId/analyze`]: { tag: "Health", summary: "Analyse a project now" },
  [`POST ${org}/project-health/:projectId/issues/:projectIssueId/fix`]: { tag: "Health", summary: "Auto-fix one project issue", response: projectAutoFixResponse },
  [`GET ${org}/health/platform/config`]: { tag: "Health", summary: "Platform self-healing settings", response: wrap("config", healingConfigState) },
  [`PUT ${org}/health/platform/config`]: { tag: "Health", summary: "Change platform self-healing settings", body: updateHealingConfigInput, response: wrap("config", healingConfigState) },
  [`GET ${org}/health/platform/scans`]: { tag: "Health", summary: "Recent platform scans", response: wrap("scans", z.array(platformScan)) },
  [`POST ${org}/health/platform/scans`]: { tag: "Health", summary: "Scan the platform now", response: wrap("scan", platformScan) },
  [`POST ${org}/health/platform/scans/:scanId/issues/:issueId/fix`]: { tag: "Health", summary: "Fix one platform issue", response: wrap("scan", platformScan) },
  [`POST ${org}/health/platform/scans/:scanId/issues/:issueId/manual-fix`]: { tag: "Health", summary: "Dispatch a manual fix job" },
};
