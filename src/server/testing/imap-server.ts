import type { Socket } from "node:net";
import type { AddressInfo } from "node:net";
import hoodiecrow from "hoodiecrow-imap";

export type ImapStandIn = {
  port: number;
  /** INBOUND_IMAP_URL for this server: the right password unless a test names another. */
  url: (password?: string) => string;
  /** Puts a raw RFC 822 message in INBOX, unseen unless flags say otherwise; returns its UID. */
  append: (raw: string, flags?: string[]) => number;
  flagsOf: (uid: number) => string[];
  /** The mailbox password from now on (a fixed password after a wrong one). */
  setPassword: (password: string) => void;
  /** The next command of this name (e.g. "UID STORE") gets no answer: the server drops the connection instead. */
  dropOn: (command: string) => void;
  /** LOGIN and AUTHENTICATE commands seen: how many sessions tried to sign in. */
  logins: () => number;
  close: () => Promise<void>;
};

export const IMAP_USER = "catchall@in.example.test";
export const IMAP_PASSWORD = "imap-stand-in-password";

/**
 * A real IMAP server on 127.0.0.1 (hoodiecrow): one user, one INBOX, nothing on disk. It answers
 * what imapflow asks (CAPABILITY, LOGIN/AUTHENTICATE PLAIN, SELECT, UID SEARCH UNSEEN, UID FETCH,
 * UID STORE, NOOP, LOGOUT) and refuses a wrong password as a provider does.
 */
export async function startImapServer(): Promise<ImapStandIn> {
  const server = hoodiecrow({
    plugins: ["ID", "ENABLE", "AUTH-PLAIN", "SASL-IR", "UNSELECT", "LITERALPLUS"],
    users: { [IMAP_USER]: { password: IMAP_PASSWORD } },
    storage: { INBOX: { messages: [] }, "": {} },
  });
  const sockets = new Set<Socket>();
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  const drops = new Set<string>();
  let logins = 0;
  // Wraps a command's handler once, before its first use: counts sign-ins, drops when told to.
  const wrap = (command: string) => {
    const handler = server.getCommandHandler(command);
    if (!handler) throw new Error(`hoodiecrow has no ${command}`);
    server.setCommandHandler(command, (connection, parsed, data, callback) => {
      if (command === "LOGIN" || command === "AUTHENTICATE PLAIN") logins += 1;
      if (drops.delete(command)) return connection.socket?.destroy();
      handler(connection, parsed, data, callback);
    });
  };
  for (const command of ["LOGIN", "AUTHENTICATE PLAIN", "SELECT", "UID SEARCH", "UID FETCH", "UID STORE", "NOOP", "LOGOUT"]) wrap(command);

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const inbox = () => server.getMailbox("INBOX")!;
  const message = (uid: number) => {
    const found = inbox().messages.find((m) => m.uid === uid);
    if (!found) throw new Error(`no message with UID ${uid}`);
    return found;
  };

  return {
    port,
    url: (password = IMAP_PASSWORD) => `imap://${encodeURIComponent(IMAP_USER)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    append: (raw, flags = []) => server.appendMessage("INBOX", flags, new Date(), raw).message.uid,
    flagsOf: (uid) => [...message(uid).flags],
    setPassword: (password) => void (server.users[IMAP_USER] = { password }),
    dropOn: (command) => void drops.add(command.toUpperCase()),
    logins: () => logins,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
