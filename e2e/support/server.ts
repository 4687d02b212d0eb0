import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Services } from "@/server/context";
import type { Database } from "@/server/db/client";
import { loadEnv } from "@/server/env";
import { ROOMY_BUDGETS } from "@/server/testing/roomy-budgets";
import { startServer } from "@/server/start-server";
import { freePort } from "@/server/testing/free-port";
import { openTestDatabase } from "@/server/testing/test-database";
import { testLogger } from "@/server/testing/test-log";

export type TestServer = { url: string; services: Services; close: () => Promise<void> };

export type TestServerOptions = { /** Opens the database instead of openTestDatabase(); closed with the server. */ database?: () => Promise<Database> };

/** The real server, in this process, on a fresh database: tests can seed through services.database. */
export async function startTestServer(overrides: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  // APP_URL goes into mailed links and the origin check, so the port is chosen before start.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), "whq-e2e-")),
    SECRET_KEY: "b".repeat(64),
    MAIL_OUTBOX: "1",
    LOG_LEVEL: "silent",
    // Journeys are not about budgets (src/server/lib/budgets.test.ts is): they never reach one.
    ...ROOMY_BUDGETS,
    ...overrides,
  });
  const running = await startServer(env, testLogger("e2e"), { database: await (options.database ?? openTestDatabase)() });
  return { url, services: running.services, close: running.stop };
}
