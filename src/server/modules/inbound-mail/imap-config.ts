/** Where the IMAP poller reads: INBOUND_IMAP_URL taken apart (user and password URL-decoded). */
export type ImapConfig = { host: string; port: number; secure: boolean; user: string; password: string; mailbox: string };

export function imapConfigOf(url: string): ImapConfig {
  const u = new URL(url);
  const secure = u.protocol === "imaps:";
  const mailbox = decodeURIComponent(u.pathname.replace(/^\/+/, "")) || "INBOX";
  return { host: u.hostname.replace(/^\[|\]$/g, ""), port: u.port ? Number(u.port) : secure ? 993 : 143, secure, user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), mailbox };
}
