import pg from "pg";

export type PgListenOptions = {
  connectTimeoutMs: number;
  /** How often the idle connection is asked `select 1`, so one that went silent is noticed. */
  probeEveryMs?: number;
};

const noop = () => undefined;

/**
 * LISTEN on a client of its own (LISTEN holds its connection for good, so not one of the pool's).
 * `onLost` is called once if the connection breaks after LISTEN succeeded, never after the
 * returned stop function ran; whoever listens decides whether and when to listen again.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (error: unknown) => void,
  options: PgListenOptions,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  let listening = false;
  let stopped = false;
  const probe: { timer?: NodeJS.Timeout } = {};
  const lose = (error: unknown) => {
    if (!listening || stopped) return;
    stopped = true;
    clearInterval(probe.timer);
    onLost(error);
    void client.end().catch(noop);
  };
  // Without an error listener a broken connection's 'error' event would end the process.
  client.on("error", lose);
  client.on("end", () => lose(new Error("the LISTEN connection ended")));
  client.on("notification", (msg) => msg.channel === channel && msg.payload !== undefined && onPayload(msg.payload));
  try {
    await client.connect();
    await client.query(`LISTEN "${channel.replace(/"/g, "")}"`);
  } catch (error) {
    stopped = true;
    await client.end().catch(noop);
    throw error;
  }
  listening = true;
  // A peer that vanished without a reset (a failover, a dropped route) sends no error: ask.
  probe.timer = setInterval(() => {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the LISTEN connection stopped answering")), options.connectTimeoutMs).unref());
    Promise.race([client.query("select 1"), timeout]).catch(lose);
  }, options.probeEveryMs ?? 30_000);
  probe.timer.unref();
  return async () => {
    if (stopped) return;
    stopped = true;
    clearInterval(probe.timer);
    // end() waits for the server's goodbye, which a dead peer never sends.
    await Promise.race([client.end().catch(noop), new Promise((r) => setTimeout(r, options.connectTimeoutMs).unref())]);
  };
}
