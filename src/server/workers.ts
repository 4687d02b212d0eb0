import type { Services } from "./context";
import type { Worker } from "./lib/queue";
import { dispatchWorker } from "./modules/jobs/dispatch-worker";
import { mailJobFailed, notifyDepsOf } from "./modules/notifications/mail-job-failed";
import { smokeWorker } from "./modules/smoke/smoke-worker";
import { dataExportWorker } from "./modules/data-rights/export-worker";

/** Every background worker, started once with the queue (start-server.ts); a new one is added here. */
export function workersOf(services: Services): Worker[] {
  const { database, env, queue, clock, logger } = services;
  return [dispatchWorker({ db: database.db, env, queue, now: clock.now, logger, onFailed: (jobId) => mailJobFailed(notifyDepsOf(services), jobId) }), smokeWorker({ db: database.db }), dataExportWorker({ db: database.db, appName: env.APP_NAME, now: clock.now })];
}
