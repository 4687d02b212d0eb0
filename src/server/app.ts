import { Hono } from "hono";
import { except } from "hono/combine";
import { fileURLToPath } from "node:url";
import type { AppEnv, Services } from "./context";
import { authRoutes } from "./auth/routes";
import { clientIp } from "./auth/client-ip";
import { loadSession } from "./auth/session";
import { loadCaller, namesAccessToken } from "./auth/access-token-auth";
import { accessTokenRoutes } from "./modules/access-tokens/routes";
import { apiDocRoutes } from "./modules/api-docs/routes";
import { functionRoutes, publicFunctionPaths } from "./functions/routes";
import { errorHandler, renderError } from "./lib/error-handler";
import { abuseLimits } from "./lib/abuse-limits";
import { authInputGuard } from "./lib/auth-input-guard";
import { bodyLimits } from "./lib/body-limits";
import { AppError } from "./lib/errors";
import { originGuard } from "./lib/origin-guard";
import { requestLog } from "./lib/request-log";
import { securityHeaders } from "./lib/security-headers";
import { textGuard } from "./lib/text-guard";
import { outboxRoutes } from "./mail/outbox-routes";
import { agentRoutes } from "./modules/agents/routes";
import { auditRoutes } from "./modules/audit/routes";
import { meDataRoutes } from "./modules/data-rights/me-routes";
import { meRoutes } from "./modules/me/routes";
import { operatorGate } from "./lib/operators";
import { scrubOperatorAddresses } from "./lib/operator-addresses";
import { orgDataRoutes } from "./modules/data-rights/org-routes";
import { chatRoutes } from "./modules/chat/routes";
import { connectionRoutes } from "./modules/connections/routes";
import { inboundMailRoutes } from "./modules/inbound-mail/routes";
import { diagnosticsRoutes } from "./modules/diagnostics/routes";
import { eventRoutes } from "./modules/events/routes";
import { actionPlanRoutes } from "./modules/action-plan/routes";
import { flagRoutes } from "./modules/flags/routes";
import { hqRoutes } from "./modules/hq/routes";
import { invitationRoutes, orgInvitationRoutes } from "./modules/invitations/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import { jobRoutes } from "./modules/jobs/routes";
import { projectHealthRoutes } from "./modules/health/project-routes";
import { platformHealthRoutes } from "./modules/health/platform/platform-routes";
import { locateRoutes } from "./modules/organisations/locate-routes";
import { telemetryRoutes } from "./modules/telemetry/routes";
import { opsRoutes } from "./modules/ops/routes";
import { onboardingRoutes } from "./modules/onboarding/routes";
import { organisationRoutes } from "./modules/organisations/routes";
import { planeRoutes } from "./modules/planes/routes";
import { projectRoutes } from "./modules/projects/routes";
import { searchRoutes } from "./modules/search/routes";
import { taskRoutes } from "./modules/tasks/routes";
import { labelRoutes } from "./modules/labels/routes";
import { savedViewRoutes } from "./modules/views/routes";
import { inboxRoutes, taskEmailRoutes } from "./modules/inbox/routes";
import { unsubscribeRoutes } from "./modules/inbox/unsubscribe-routes";
import { calendarFeedRoutes, publicCalendarFeedRoutes } from "./modules/calendar/routes";
import { googleCalendarRoutes, googleCallbackRoutes } from "./modules/google-calendar/routes";
import { smokeRoutes } from "./modules/smoke/routes";
import { workflowRoutes } from "./modules/workflows/routes";
import { telegramRoutes } from "./modules/telegram/routes";
import { telegramWebhookRoutes } from "./modules/telegram/webhook-routes";
import { whatsappRoutes } from "./modules/whatsapp/routes";
import { whatsappWebhookRoutes } from "./modules/whatsapp/webhook-routes";
import { staticRoutes } from "./static";

const defaultWebDir = fileURLToPath(new URL("../../dist/web", import.meta.url));

export function createApp(services: Services, options: { webDir?: string } = {}) {
  const { env } = services;
  const app = new Hono<AppEnv>();
  const trustProxy = env.TRUST_PROXY === "1";

  app.use("*", async (c, next) => {
    c.set("services", services);
    c.set("user", null);
    await next();
  });
  app.use("*", requestLog);
  app.use("*", securityHeaders(trustProxy));
  app.use("*", clientIp(trustProxy));
  // A personal access token on /api/v1 is no ambient credential: the guard lets it by (auth/access-token-auth.ts).
  app.use("/api/*", except((c) => c.req.path.startsWith("/api/v1/") && namesAccessToken(c.req.header("authorization")), originGuard(env.APP_URL)));
  app.use("/functions/*", originGuard(env.APP_URL));

  // Responses that may carry a user's data are never cached by browsers or proxies.
  // On the answer's own headers: Hono's c.header() after next() rebuilds the response from its
  // body, which turned every JSON answer into a stream @hono/node-server must pipe (bench/api-vs-bare.ts).
  const noStore = async (c: { res: Response }, next: () => Promise<void>) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  };
  // The API reference is public and the same for everyone: it sets its own caching.
  // A calendar feed revalidates with its ETag (private, no-cache), so subscribers poll cheaply.
  app.use("/api/*", except(["/api/docs", "/api/docs/*", "/api/v1/calendar-feeds/*"], noStore));
  app.use("/functions/*", noStore);

  // Before anything reads a body; the limit comes from the route's policy (lib/route-policies.ts).
  app.use("*", bodyLimits);
  // NUL or broken Unicode in a path, query or body is a 400 before any handler (better-auth too).
  app.use("/api/*", textGuard);
  app.use("/functions/*", textGuard);
  app.use("/api/auth/*", authInputGuard);
  app.route("/api/auth", authRoutes);
  app.route("/api/docs", apiDocRoutes);
  app.use("/api/v1/*", loadCaller);
  // Health and release-info answer without a session, so a broken database cannot fail them early.
  app.use("/functions/v1/*", except(publicFunctionPaths, loadSession));
  app.use("/api/v1/*", abuseLimits);
  app.use("/functions/v1/*", except(publicFunctionPaths, abuseLimits));
  // Operator-only routes outside an organisation (secrets-ready); organisation routes check in orgScope.
  app.use("/api/v1/*", operatorGate);
  app.use("/functions/v1/*", except(publicFunctionPaths, operatorGate));
  app.route("/api/v1/organisations", organisationRoutes);
  app.use("/api/v1/hq/*", scrubOperatorAddresses);
  app.route("/api/v1/hq", hqRoutes);
  app.route("/api/v1/locate", locateRoutes);
  app.route("/api/v1/me", meRoutes);
  app.route("/api/v1/me", meDataRoutes);
  app.route("/api/v1/me/access-tokens", accessTokenRoutes);
  app.route("/api/v1/invitations", invitationRoutes);
  app.route("/api/v1/me/notification-preferences", notificationRoutes);
  app.route("/api/v1/me/task-email", taskEmailRoutes);
  app.route("/api/v1/unsubscribe", unsubscribeRoutes);
  // Telegram's webhook: the secret_token given to setWebhook is the proof, not a session.
  app.route("/api/v1/hooks/telegram", telegramWebhookRoutes);
  // WhatsApp's webhook: the verify token (GET) and the app secret's signature (POST) are the proof.
  app.route("/api/v1/hooks/whatsapp", whatsappWebhookRoutes);
  app.route("/api/v1/me/calendar-feed", calendarFeedRoutes);
  app.route("/api/v1/calendar-feeds", publicCalendarFeedRoutes);
  app.route("/api/v1/me/google-calendar", googleCalendarRoutes);
  // Google's redirect back: the state (bound to the session that started) is the proof.
  app.route("/api/v1/oauth/google-calendar", googleCallbackRoutes);
  const orgPath = "/api/v1/organisations/:orgId";
  // Answers that may carry n8n's words name the operator's address to the operator only.
  for (const part of ["agents", "workflows", "jobs", "connections"]) app.use(`${orgPath}/${part}/*`, scrubOperatorAddresses);
  app.route(`${orgPath}/planes`, planeRoutes);
  app.route(`${orgPath}/projects`, projectRoutes);
  app.route(`${orgPath}/tasks`, taskRoutes);
  app.route(`${orgPath}/labels`, labelRoutes);
  app.route(`${orgPath}/views`, savedViewRoutes);
  app.route(`${orgPath}/notifications`, inboxRoutes);
  app.route(`${orgPath}/search`, searchRoutes);
  app.route(`${orgPath}/onboarding`, onboardingRoutes);
  app.route(`${orgPath}/events`, eventRoutes);
  app.route(`${orgPath}/connections`, connectionRoutes);
  app.route(`${orgPath}/telegram`, telegramRoutes);
  app.route(`${orgPath}/whatsapp`, whatsappRoutes);
  app.route(`${orgPath}/inbound-mail`, inboundMailRoutes);
  app.route(`${orgPath}/agents`, agentRoutes);
  app.route(`${orgPath}/workflows`, workflowRoutes);
  app.route(`${orgPath}/audit`, auditRoutes);
  app.route(`${orgPath}/flags`, flagRoutes);
  app.route(`${orgPath}/action-plan`, actionPlanRoutes);
  app.route(`${orgPath}/chat`, chatRoutes);
  app.route(`${orgPath}/jobs`, jobRoutes);
  app.route(`${orgPath}/telemetry`, telemetryRoutes);
  app.route(`${orgPath}/diagnostics`, diagnosticsRoutes);
  app.route(`${orgPath}/project-health`, projectHealthRoutes);
  app.route(`${orgPath}/health/platform`, platformHealthRoutes);
  app.route(`${orgPath}/smoke`, smokeRoutes);
  app.route(`${orgPath}/ops`, opsRoutes);
  app.route(orgPath, orgDataRoutes);
  app.route(`${orgPath}/invitations`, orgInvitationRoutes);
  app.route("/functions/v1", functionRoutes);
  if (env.MAIL_OUTBOX === "1" && !env.SMTP_URL) app.route("/api/dev/outbox", outboxRoutes);

  app.all("/api/*", (c) => renderError(c, new AppError("not_found", `No such endpoint: ${c.req.method} ${c.req.path}`)));
  app.all("/functions/*", (c) => renderError(c, new AppError("not_found", `No such function: ${c.req.path}`)));
  app.route("/", staticRoutes(options.webDir ?? defaultWebDir, env.APP_NAME));
  app.onError(errorHandler);
  return app;
}

export type App = ReturnType<typeof createApp>;
