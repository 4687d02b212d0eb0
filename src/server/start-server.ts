import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp } from "./app";
import { openDatabase, type Database } from "./db/client";
import type { Services } from "./context";
import type { Env } from "./env";
import type { Logger } from "./lib/logger";
import { checkSecretKey } from "./lib/secret-key-check";
import { createServices } from "./services";

export type RunningServer = { server: ServerType; services: Services; database: Database; port: number; stop: () => Promise<void> };

/** Opens the database (migrating it), serves the app, and knows how to stop without cutting a request. */
export async function startServer(env: Env, logger: Logger, options: { database?: Database } = {}): Promise<RunningServer> {
  const database = options.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  const services = createServices(env, database, logger);
  try {
    await checkSecretKey(database.db, services.secrets);
  } catch (error) {
    await services.mailer.close();
    if (!options.database) await database.close().catch(() => undefined);
    throw error;
  }
  const app = createApp(services);
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info: AddressInfo) => resolve({ server: s, port: info.port }));
  });

  let stopping: Promise<void> | undefined;
  // Stop accepting, let in-flight requests finish, stop the mail sender, then close the database.
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      server.close(() => {
        services.mailer
          .close()
          .then(() => database.close())
          .catch(() => undefined)
          .then(() => resolve());
      });
      if ("closeIdleConnections" in server) server.closeIdleConnections();
    }));
  return { server, services, database, port, stop };
}
