import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Received = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on 127.0.0.1 that keeps what it is sent. `refuseFirst` answers the first
 * MAIL FROM of each address with a temporary error, as a greylisting server does.
 */
export async function startSmtp(options: { refuseFirst?: boolean } = {}) {
  const received: Received[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"], // plain SMTP, as a local relay speaks it
    logger: false,
    onMailFrom(address, _session, callback) {
      if (!options.refuseFirst || refused.has(address.address)) return callback();
      refused.add(address.address);
      callback(Object.assign(new Error("Greylisted, try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Accepts connections and never says a word: the SMTP server that once held sign-up for 30 s. */
export async function startSilentSmtp() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { url: `smtp://127.0.0.1:${port}`, connections: () => sockets.size, close };
}

/** The body as text: quoted-printable soft breaks and escapes undone. */
export function bodyText(raw: string): string {
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(raw)) return body;
  return body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Reads every 50 ms until `done` says yes, and returns that value; throws, with the last value read, after `ms`. */
export async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`waitFor: not done after ${ms} ms; last read: ${shown(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const shown = (value: unknown): string => {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 500);
  } catch {
    return String(value);
  }
};
