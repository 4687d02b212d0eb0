import { inboundDomainOf, receiversOf } from "./modules/inbound-mail/inbound-address";
import type { Services } from "./context";
import type { Worker } from "./lib/queue";
import { dispatchWorker } from "./modules/jobs/dispatch-worker";
import { mailJobFailed, notifyDepsOf } from "./modules/notifications/mail-job-failed";
import { smokeWorker } from "./modules/smoke/smoke-worker";
import { dataExportWorker } from "./modules/data-rights/export-worker";
import type { SweepDeps } from "./modules/jobs/sweep-silent-jobs";
import { inboxWorker, type InboxWorkerDeps } from "./modules/inbox/inbox-worker";
import { digestWorker } from "./modules/inbox/digest";

/** What the task notification workers need: the database, the mailer and the links' parts. */
export const inboxDepsOf = (s: Services): InboxWorkerDeps => ({ db: s.database.db, mailer: s.mailer, logger: s.logger, queue: s.queue, appName: s.env.APP_NAME, appUrl: s.env.APP_URL, secret: s.env.SECRET_KEY, replyDomain: receiversOf(s.env).length > 0 ? inboundDomainOf(s.env) : null });
import { taskImportWorker } from "./modules/onboarding/task-import-worker";
import { browserUseWorker } from "./modules/browser-use/browser-use-worker";
import { chatNoticeWorker, queueJobNotice } from "./modules/messaging/notify";
import { channelSendersOf } from "./modules/messaging/channel-senders";
import { telegramWorker } from "./modules/telegram/telegram-worker";
import { googleCalendarWorker } from "./modules/google-calendar/sync-task";
import { whatsappWorker } from "./modules/whatsapp/whatsapp-worker";

/** Every background worker, started once with the queue (start-server.ts); a new one is added here. */
export function workersOf(services: Services): Worker[] {
  const { database, env, queue, clock, logger } = services;
  return [
    dispatchWorker({ db: database.db, env, queue, now: clock.now, logger, onFailed: jobFailedMailer(services) }),
    smokeWorker({ db: database.db }),
    dataExportWorker({ db: database.db, appName: env.APP_NAME, now: clock.now, maxBytes: env.EXPORT_MAX_MB * 1024 * 1024, logger }),
    inboxWorker(inboxDepsOf(services)),
    digestWorker(inboxDepsOf(services)),
    taskImportWorker({ db: database.db, now: clock.now, logger }),
    browserUseWorker({ db: database.db, box: services.secrets, queue, env, now: clock.now, logger }),
    telegramWorker({ db: database.db, env, box: services.secrets, queue, now: clock.now, logger }),
    googleCalendarWorker({ db: database.db, env, box: services.secrets, queue, now: clock.now, logger }),
    whatsappWorker({ db: database.db, env, box: services.secrets, queue, now: clock.now, logger }),
    chatNoticeWorker({ db: database.db, queue, senders: channelSendersOf(database.db, env, services.secrets, clock.now), logger, appUrl: env.APP_URL, now: clock.now }),
  ];
}

const jobFailedMailer = (services: Services) => async (jobId: string) => {
  await mailJobFailed(notifyDepsOf(services), jobId);
  await queueJobNotice(services.database.db, services.queue, jobId, "failed").catch((error: unknown) => services.logger.warn("job failed chat notice not queued", { jobId, error: error instanceof Error ? error.message : String(error) }));
};

/** The sweep for sent agent jobs n8n never reported on (start-server.ts ticks it). */
export const sweepDepsOf = (services: Services): SweepDeps => ({ db: services.database.db, queue: services.queue, now: services.clock.now, reportTimeoutMs: services.env.JOB_REPORT_TIMEOUT_MS, onFailed: jobFailedMailer(services) });
