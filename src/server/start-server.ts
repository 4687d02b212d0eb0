import { createAdaptorServer, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp, type App } from "./app";
import { openDatabase, type Database } from "./db/client";
import type { Services } from "./context";
import type { Env } from "./env";
import { STREAMS_END_GRACE_MS } from "./lib/events";
import type { Logger } from "./lib/logger";
import { checkSecretKey } from "./lib/secret-key-check";
import { startProbeRecorder } from "./modules/probes/probe-recorder";
import { startPlatformScheduler } from "./modules/health/platform/platform-scheduler";
import { startTaskScheduler } from "./modules/inbox/task-scheduler";
import { startRetention } from "./modules/retention/retention-scheduler";
import { loopbackOrigin, setSelfOrigin } from "./lib/self-origin";
import { createServices } from "./services";
import { sweepDepsOf, workersOf } from "./workers";
import { startTicker } from "./lib/ticker";
import { sweepSilentJobs } from "./modules/jobs/sweep-silent-jobs";
import { startInboundFromEnv } from "./modules/inbound-mail/inbound-from-env";

export type RunningServer = { server: ServerType; app: App; services: Services; database: Database; port: number; stop: () => Promise<void> };

/** A start-up failure that is fully said in one line, so no stack trace is printed for it. */
export class StartupError extends Error {}

/** Past this, a stop that hangs on something is cut short (index.ts). */
export const FORCED_EXIT_MS = 10_000;

// The stop must end within FORCED_EXIT_MS whatever is down, so every step has a bound of its own.
// The steps run in two stages one after the other, and the bounds add up to 0.5 + 6 + 2 = 8.5 s:
//   1. in-flight requests get REQUESTS_GRACE_MS, then are cut; meanwhile, together, the change hub
//      ends the event streams (STREAMS_END_GRACE_MS) and stops its LISTEN, and the session cache
//      stops its LISTEN, each LISTEN stop bounded by LISTENER_STOP_MS (2 + 1 and 1 s, both < 4 s);
//      the mail sender gets MAIL_CLOSE_MS to finish a send; and the job queue stops taking jobs,
//      lets the ones in hand finish for up to JOB_STOP_BUDGET_MS and hands the rest back, within
//      QUEUE_STOP_MS. Chat answers still streaming are stored as far as they got meanwhile;
//   2. the database gets DATABASE_CLOSE_MS to close.
const REQUESTS_GRACE_MS = 4_000;
const LISTENER_STOP_MS = 1_000;
const MAIL_CLOSE_MS = 2_000;
const QUEUE_STOP_MS = 6_000;
const DATABASE_CLOSE_MS = 2_000;
// Chat answers still streaming are stopped at once and store what they have (a few statements).
const ANSWERS_STOP_MS = 2_000;
// Before the stages, the latency probes (a recording takes milliseconds) get this: 8.5 s in all.
const PROBES_STOP_MS = 500;

const noop = () => undefined;
const within = (work: Promise<unknown>, ms: number) => Promise.race([work.catch(noop), new Promise((r) => setTimeout(r, ms).unref())]);

/** The one line a failed listen deserves: which port, and why, in words an operator acts on. */
export function listenFailure(error: unknown, env: Pick<Env, "PORT" | "HOST">): Error {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "EADDRINUSE") return new StartupError(`port ${env.PORT} is in use (set PORT to use another)`);
  if (code === "EACCES") return new StartupError(`port ${env.PORT} needs privileges this process does not have (set PORT above 1023)`);
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") return new StartupError(`cannot listen on HOST ${env.HOST}: no such address on this machine`);
  return error instanceof Error ? error : new Error(String(error));
}

function listen(app: App, env: Env): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createAdaptorServer({ fetch: app.fetch, hostname: env.HOST });
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => {
      server.off("error", reject);
      resolve({ server, port: (server.address() as AddressInfo).port });
    });
  });
}

/** Stops accepting, lets requests finish for a while, then cuts whatever is still open. */
function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    const sweep = () => "closeIdleConnections" in server && server.closeIdleConnections();
    // A keep-alive connection becomes idle only when its last response ends; sweep until closed.
    const sweeping = setInterval(sweep, 50);
    const deadline = setTimeout(() => "closeAllConnections" in server && server.closeAllConnections(), REQUESTS_GRACE_MS);
    server.close(() => {
      clearInterval(sweeping);
      clearTimeout(deadline);
      resolve();
    });
    sweep();
  });
}

/** Opens the database (migrating it), serves the app, and knows how to stop without cutting a request. */
export async function startServer(env: Env, logger: Logger, options: { database?: Database } = {}): Promise<RunningServer> {
  const database = options.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS, queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS, logger, slowQueryMs: env.SLOW_QUERY_MS }));
  const services = createServices(env, database, logger);
  const release = async () => {
    await within(services.queue.stop(), QUEUE_STOP_MS);
    await services.mailer.close();
    if (!options.database) await within(database.close(), DATABASE_CLOSE_MS);
  };
  const app = createApp(services);
  let listening: { server: ServerType; port: number };
  try {
    await checkSecretKey(database.db, services.secrets);
    // After the migrations (openDatabase ran them): pg-boss installs its own schema beside ours.
    await services.queue.start(workersOf(services));
    listening = await listen(app, env).catch((error: unknown) => Promise.reject(listenFailure(error, env)));
  } catch (error) {
    await release();
    throw error;
  }
  const { server, port } = listening;
  // Mail to task: our own SMTP receiver (INBOUND_SMTP_PORT) and/or the IMAP poller (INBOUND_IMAP_URL); README, "Mail to task".
  const inbound = await startInboundFromEnv(services).catch(async (error: unknown) => {
    await new Promise((r) => server.close(r));
    await release();
    throw error;
  });
  // /status's latency chart: this server's own health answer, over the address it listens on.
  const selfHost = env.HOST === "0.0.0.0" ? "127.0.0.1" : env.HOST === "::" ? "[::1]" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  const probes = startProbeRecorder({ database, healthUrl: `http://${selfHost}:${port}/functions/v1/health`, now: services.clock.now, intervalMs: env.PROBE_INTERVAL_MS, logger });
  // Platform self-healing: its checks call this server over the address it listens on; due scans run every minute.
  setSelfOrigin(services, loopbackOrigin(env.HOST, port));
  const healthScheduler = startPlatformScheduler(services);
  // Sent jobs n8n never reported on are moved on (sent again, or failed with the reason).
  const jobSweeper = startTicker("agent job sweep", Math.min(30_000, env.JOB_REPORT_TIMEOUT_MS / 4), () => sweepSilentJobs(sweepDepsOf(services)), logger);
  // Due reminders, repeats and digests of task notifications.
  const taskScheduler = startTaskScheduler(services);
  // Rows past their time (telemetry, counters, outbox, scans, jobs, audit, spent tokens) pruned in small batches.
  const retention = startRetention(services);

  let stopping: Promise<void> | undefined;
  // Stop accepting; end the event streams (they would hold the server open until the forced
  // exit) and stop both LISTENs while in-flight requests finish, the mail sender and the queue's
  // jobs in hand finish; then close the database. The stages and their bounds are above.
  const stop = () =>
    (stopping ??= (async () => {
      // First, so a recording in hand is not taken for an outage by a server that stopped answering.
      await within(Promise.all([probes.stop(), healthScheduler.stop(), jobSweeper.stop(), taskScheduler.stop(), retention.stop()]), PROBES_STOP_MS);
      const closed = closeServer(server);
      const inboundClosed = inbound ? within(inbound.stop(), REQUESTS_GRACE_MS) : Promise.resolve();
      await Promise.all([
        within(services.changes.close(), STREAMS_END_GRACE_MS + LISTENER_STOP_MS),
        within(services.sessionCache.close(), LISTENER_STOP_MS),
        within(services.mailer.close(), MAIL_CLOSE_MS),
        within(services.queue.stop(), QUEUE_STOP_MS),
        within(services.inFlight.stop(ANSWERS_STOP_MS), ANSWERS_STOP_MS),
        closed,
        inboundClosed,
      ]);
      await within(database.close(), DATABASE_CLOSE_MS);
    })());
  return { server, app, services, database, port, stop };
}
