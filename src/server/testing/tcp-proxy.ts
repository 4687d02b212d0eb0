import net from "node:net";
import type { Logger } from "../lib/logger";
import { openFreshPostgresDatabase, type TestDatabase } from "./test-database";

export type TcpProxy = {
  port: number;
  /** The target URL with its host and port replaced by the proxy's. */
  url: (target: string) => string;
  /** Destroys every open connection and refuses new ones until `restore()`, as a stopped server would. */
  cut: () => void;
  /**
   * Stops moving bytes, both ways, on every connection, new ones too, until `restore()`: a network
   * stall. Nothing is lost; what was held flows on afterwards.
   */
  pause: () => void;
  /**
   * Drops every byte of the open connections for good, and of new ones until `restore()`, without
   * closing anything: connections that died silently (a dropped route, a failover behind a NAT).
   */
  blackhole: () => void;
  /** New connections work again; paused ones flow on, blackholed ones stay dead. */
  restore: () => void;
  close: () => Promise<void>;
};

type Mode = "flow" | "paused" | "dropped";
type Pair = { client: net.Socket; upstream: net.Socket; mode: Mode };

/**
 * A TCP proxy of the test's own between the app and PostgreSQL: cutting it is what a database
 * restart, a failover or a network blip looks like from the app (every socket reset, new
 * connections refused for a while); pausing it is a stall, blackholing it a silent death.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let isCut = false;
  let newMode: Mode = "flow";
  const setMode = (pair: Pair, mode: Mode) => {
    if (pair.mode === "dropped") return;
    pair.mode = mode;
    const flowing = mode !== "paused";
    for (const socket of [pair.client, pair.upstream]) {
      if (flowing) socket.resume();
      else socket.pause();
    }
  };
  const forward = (pair: Pair, from: net.Socket, to: net.Socket) =>
    from.on("data", (chunk: Buffer) => {
      if (pair.mode === "flow") to.write(chunk);
    });
  const server = net.createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const pair: Pair = { client, upstream, mode: "flow" };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    forward(pair, client, upstream);
    forward(pair, upstream, client);
    setMode(pair, newMode);
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
    pause: () => {
      newMode = "paused";
      for (const pair of pairs) setMode(pair, "paused");
    },
    blackhole: () => {
      newMode = "dropped";
      for (const pair of pairs) setMode(pair, "dropped");
    },
    restore: () => {
      isCut = false;
      newMode = "flow";
      for (const pair of pairs) setMode(pair, "flow");
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
export async function openProxiedDatabase(serverUrl: string, options: { poolSize?: number; connectTimeoutMs?: number; queryTimeoutMs?: number; logger?: Logger } = {}): Promise<ProxiedDatabase> {
  const target = new URL(serverUrl);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const database = await openFreshPostgresDatabase(serverUrl, { through: proxy.url, ...options }).catch(async (error: unknown) => {
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
