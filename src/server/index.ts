import "../shared/zod-setup"; // before any schema is built: zod without eval
import { compileEmbeddedWasmOptimisedOnly, mallocMapsCompileZones } from "./db/embedded-wasm";
import { EnvError, loadEnv } from "./env";
import { createLogger } from "./lib/logger";
import { installProcessGuard } from "./lib/process-guard";
import { FORCED_EXIT_MS, startServer } from "./start-server";

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
  // Before PGlite's WebAssembly is compiled: 30-60 MB less resident (see embedded-wasm.ts), unless
  // malloc already gives the compile's memory back (`npm start`). Not in `npm run dev`, which
  // restarts on every save and would wait the slower compile each time.
  if (!env.DATABASE_URL && env.NODE_ENV !== "development" && !mallocMapsCompileZones()) compileEmbeddedWasmOptimisedOnly();
  const logger = createLogger(env.LOG_LEVEL);
  installProcessGuard(logger);
  const running = await startServer(env, logger);
  const url = env.APP_URL.includes(`:${env.PORT}`) || env.APP_URL.startsWith("https://") ? env.APP_URL : `http://localhost:${running.port}`;
  logger.info("server started", { url, database: running.database.kind, port: running.port });
  console.log(`\n  ${env.APP_NAME} is running at ${url}\n`);

  const onSignal = (signal: string) => {
    logger.info("shutting down", { signal });
    const force = setTimeout(() => {
      logger.error("stop did not finish in time; exiting anyway", { afterMs: FORCED_EXIT_MS });
      process.exit(1);
    }, FORCED_EXIT_MS).unref();
    void running.stop().then(() => {
      clearTimeout(force);
      logger.info("stopped");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
}

main().catch((error: unknown) => {
  // startServer has closed what it opened; the message is the whole story (a port in use, a wrong SECRET_KEY).
  console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
