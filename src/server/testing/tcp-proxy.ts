import net from "node:net";
import { openFreshPostgresDatabase, type TestDatabase } from "./test-database";

export type TcpProxy = {
  port: number;
  /** The target URL with its host and port replaced by the proxy's. */
  url: (target: string) => string;
  /** Destroys every open connection and refuses new ones until `restore()`, as a stopped server would. */
  cut: () => void;
  restore: () => void;
  close: () => Promise<void>;
};

/**
 * A TCP proxy of the test's own between the app and PostgreSQL: cutting it is what a database
 * restart, a failover or a network blip looks like from the app (every socket reset, new
 * connections refused for a while).
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: (target) => {
      const u = new URL(target);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    cut: () => {
      isCut = true;
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    restore: () => {
      isCut = false;
    },
    close: async () => {
      isCut = true;
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ProxiedDatabase = { database: TestDatabase; proxy: TcpProxy; directUrl: string };

/**
 * A fresh database on the PostgreSQL server at `serverUrl` (whatever TEST_DATABASE_URL says),
 * which `database` reaches through a TCP proxy the test can cut; `directUrl` reaches it around the
 * proxy, as another instance of the app would. Closing `database` drops it and closes the proxy.
 */
export async function openProxiedDatabase(serverUrl: string, { poolSize, connectTimeoutMs }: { poolSize?: number; connectTimeoutMs?: number } = {}): Promise<ProxiedDatabase> {
  const target = new URL(serverUrl);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const database = await openFreshPostgresDatabase(serverUrl, { through: proxy.url, poolSize, connectTimeoutMs }).catch(async (error: unknown) => {
    await proxy.close();
    throw error;
  });
  const close = async () => {
    try {
      await database.close();
    } finally {
      await proxy.close();
    }
  };
  return { database: { ...database, close }, proxy, directUrl: database.url };
}
