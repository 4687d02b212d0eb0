import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp } from "./app";
import { openDatabase } from "./db/client";
import { EnvError, loadEnv } from "./env";
import { createLogger } from "./lib/logger";
import { createServices } from "./services";

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = createApp(createServices(env, database, logger));
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info: AddressInfo) => {
    const url = env.APP_URL.includes(`:${env.PORT}`) || env.APP_URL.startsWith("https://") ? env.APP_URL : `http://localhost:${info.port}`;
    logger.info("server started", { url, database: database.kind, port: info.port });
    console.log(`\n  ${env.APP_NAME} is running at ${url}\n`);
  });

  // Finish in-flight requests, then close the database, so a deploy never cuts a write in half.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    server.close(async () => {
      await database.close().catch(() => undefined);
      clearTimeout(force);
      logger.info("stopped");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

void main();
