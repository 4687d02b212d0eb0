import type { Services } from "./context";
import { createAuth } from "./auth/auth";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { createChangeHub } from "./lib/events";
import { createLogger, type Logger } from "./lib/logger";
import { createMailer } from "./mail/mailer";
import { createSecretBox } from "./lib/secret-box";

export function createServices(env: Env, database: Database, logger: Logger = createLogger(env.LOG_LEVEL)): Services {
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db: database.db, logger });
  const auth = createAuth({ db: database.db, mailer, appUrl: env.APP_URL, appName: env.APP_NAME, secretKey: env.SECRET_KEY, logger });
  return { env, database, auth, mailer, logger, changes: createChangeHub(database, logger), secrets: createSecretBox(env.SECRET_KEY) };
}
