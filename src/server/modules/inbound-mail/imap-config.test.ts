import { describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { imapConfigOf } from "./imap-config";

describe("INBOUND_IMAP_URL", () => {
  it("takes the README's example apart: TLS, percent-encoded user and password, mailbox", () => {
    const url = "imaps://inbox%40in.example.com:abcd%20efgh%20ijkl%20mnop@imap.gmail.com:993/INBOX";
    expect(loadEnv({ NODE_ENV: "test", APP_URL: "http://localhost:3999", SECRET_KEY: "a".repeat(64), INBOUND_IMAP_URL: url }).INBOUND_IMAP_URL).toBe(url);
    expect(imapConfigOf(url)).toEqual({ host: "imap.gmail.com", port: 993, secure: true, user: "inbox@in.example.com", password: "abcd efgh ijkl mnop", mailbox: "INBOX" });
  });

  it("defaults to INBOX and the protocol's port, and decodes a folder with a space", () => {
    expect(imapConfigOf("imap://u:p%3A%2F%25@mail.local")).toEqual({ host: "mail.local", port: 143, secure: false, user: "u", password: "p:/%", mailbox: "INBOX" });
    expect(imapConfigOf("imaps://u:p@[::1]/Mail%20to%20task")).toMatchObject({ host: "::1", port: 993, mailbox: "Mail to task" });
  });
});
