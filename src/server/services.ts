import type { Services } from "./context";
import { createAuth } from "./auth/auth";
import { createSessionCache } from "./auth/session-cache";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { createChangeHub } from "./lib/events";
import { createLogger, type Logger } from "./lib/logger";
import { createRequestMetrics } from "./lib/metrics/request-metrics";
import { createQueue } from "./lib/queue";
import { createMailer } from "./mail/mailer";
import { createSecretBox } from "./lib/secret-box";
import { JOB_STOP_BUDGET_MS } from "./lib/job-queue/runner";
import { createInFlight } from "./lib/in-flight";

export function createServices(env: Env, database: Database, logger: Logger = createLogger(env.LOG_LEVEL)): Services {
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db: database.db, logger });
  const auth = createAuth({ db: database.db, mailer, appUrl: env.APP_URL, appName: env.APP_NAME, secretKey: env.SECRET_KEY, logger });
  const sessionCache = createSessionCache(database, logger, { enabled: env.SESSION_CACHE === "1", ttlMs: env.SESSION_CACHE_TTL_MS });
  return { env, database, auth, mailer, logger, changes: createChangeHub(database, logger), sessionCache, secrets: createSecretBox(env.SECRET_KEY), clock: { now: () => new Date() }, queue: createQueue(database, logger, { pollIntervalMs: env.JOB_POLL_INTERVAL_MS, concurrency: env.JOB_CONCURRENCY, perKeyLimit: env.JOB_PER_ORG_LIMIT, stopBudgetMs: JOB_STOP_BUDGET_MS }), metrics: createRequestMetrics(), inFlight: createInFlight() };
}
