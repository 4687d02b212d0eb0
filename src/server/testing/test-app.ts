import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, type App } from "../app";
import type { Services } from "../context";
import { openPostgres, type Database } from "../db/client";
import { loadEnv, type Env } from "../env";
import { createServices } from "../services";
import { ROOMY_BUDGETS } from "./roomy-budgets";
import { openTestDatabase, type TestDatabase } from "./test-database";
import { testLogger } from "./test-log";

export const TEST_ORIGIN = "http://localhost:3999";

export type TestApp = { app: App; services: Services; close: () => Promise<void> };

/** An app on a fresh database, or on `database` when a test runs several instances on one. */
export async function createTestApp(overrides: Record<string, string> = {}, shared?: Database): Promise<TestApp> {
  const env: Env = loadEnv({
    NODE_ENV: "test",
    APP_URL: TEST_ORIGIN,
    DATA_DIR: mkdtempSync(join(tmpdir(), "whq-test-")),
    SECRET_KEY: "a".repeat(64),
    MAIL_OUTBOX: "1",
    LOG_LEVEL: "silent",
    ...ROOMY_BUDGETS,
    ...overrides,
  });
  const database = shared ?? (await openTestDatabase());
  const services = createServices(env, database, testLogger("unit"));
  const app = createApp(services, { webDir: join(tmpdir(), "whq-no-web") });
  const close = async () => {
    await closeServices(services);
    await database.close();
  };
  return { app, services, close };
}

/**
 * What uses the database stops before it, in start-server.ts's order: the change feed, the mail
 * sender (it polls the database), the session cache (its LISTEN), the job queue (it polls too).
 */
async function closeServices(services: Services) {
  await services.inFlight.stop(2_000);
  await services.changes.close();
  await services.queue.stop();
  await services.mailer.close();
  await services.sessionCache.close();
}

export type TwoInstances = { database: TestDatabase; a: TestApp; b: TestApp; close: () => Promise<void> };

/**
 * Two instances of the app on one fresh database, as behind a load balancer: on the PostgreSQL
 * server each has its own pool (and LISTEN connections), as two processes would; on PGlite they
 * share the one in-process handle. `close` stops both, then the database.
 */
export async function openTwoInstances(overrides: Record<string, string> = {}): Promise<TwoInstances> {
  const database = await openTestDatabase();
  const secondPool = database.url ? await openPostgres(database.url, 5) : undefined;
  const [a, b] = await Promise.all([createTestApp(overrides, database), createTestApp(overrides, secondPool ?? database)]);
  const close = async () => {
    await Promise.all([closeServices(a.services), closeServices(b.services)]);
    await secondPool?.close();
    await database.close();
  };
  return { database, a, b, close };
}
