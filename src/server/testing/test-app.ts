import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, type App } from "../app";
import type { Services } from "../context";
import type { Database } from "../db/client";
import { loadEnv, type Env } from "../env";
import { createServices } from "../services";
import { openTestDatabase } from "./test-database";
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
    ...overrides,
  });
  const database = shared ?? (await openTestDatabase());
  const services = createServices(env, database, testLogger("unit"));
  const app = createApp(services, { webDir: join(tmpdir(), "whq-no-web") });
  // The mail sender polls the database, so it stops first.
  const close = async () => {
    await services.mailer.close();
    await database.close();
  };
  return { app, services, close };
}
