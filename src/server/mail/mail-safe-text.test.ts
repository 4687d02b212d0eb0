import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/shared/languages";
import { en, type MailKey } from "./i18n/en";
import { invitationAcceptedMail, invitationMail } from "../modules/invitations/invitation-mails";
import { mailSafeText, quotedMailText } from "./mail-safe-text";
import { mailText } from "./mail-text";

const PHISH = "Security team: your account is locked, unlock it at https://evil.example/unlock";
const quotes = { en: ["“", "”"], de: ["„", "“"], fr: ["« ", " »"] } as const;

/** Nothing a mail client could turn into a link or an address. */
function expectNoLink(text: string) {
  expect(text).not.toMatch(/:\/\//);
  expect(text).not.toMatch(/https?:/i);
  expect(text).not.toContain("evil.example");
  expect(text).not.toMatch(/[\p{L}\p{N}]\.[\p{L}\p{N}]/u);
  expect(text).not.toContain("@");
}

describe("a user's text in a mail", () => {
  it("loses schemes, '@' and dotted domains, and is cut to 60 characters with …", () => {
    expect(mailSafeText("Visit https://evil.example/x now")).toBe("Visit evil[.]example/x now");
    expect(mailSafeText("write to boss@evil.example")).toBe("write to boss at evil[.]example");
    expect(mailSafeText("mailto:x javascript:alert(1) www.evil.example")).toBe("x alert(1) www[.]evil[.]example");
    expect(mailSafeText("Line\r\nbreak\u202Eturned")).toBe("Line break turned");
    expect(mailSafeText("Ada Lovelace")).toBe("Ada Lovelace");
    const cut = mailSafeText(PHISH);
    expect([...cut].length).toBeLessThanOrEqual(60);
    expect(cut.endsWith("…")).toBe(true);
    expectNoLink(cut);
  });

  it("is quoted in the reader's language", () => {
    expect(quotedMailText("Acme", "en")).toBe("“Acme”");
    expect(quotedMailText("Acme", "de")).toBe("„Acme“");
    expect(quotedMailText("Acme", "fr")).toBe("« Acme »");
  });

  // Every mail text that carries a name, an organisation's name or a task's title.
  const withUserText = (Object.keys(en) as MailKey[]).filter((key) => /\{(inviterName|memberName|actorName|orgName|taskTitle)\}/.test(en[key]));

  it.each(LANGUAGES.map((lang) => [lang]))("in %s: every mail with a user's text says only what we wrote", (lang) => {
    expect(withUserText.length).toBeGreaterThanOrEqual(12);
    const vars = { appName: "We Love HQ", appUrl: "https://hq.example.com", inviterName: PHISH, memberName: PHISH, actorName: PHISH, orgName: PHISH, taskTitle: PHISH, memberEmail: "m@x.test", url: "https://hq.example.com/i", to: "t@x.test", days: 7, due: "today" };
    const [open, close] = quotes[lang];
    for (const key of withUserText) {
      const text = mailText(lang, key, vars).replaceAll("https://hq.example.com", "APP").replace("m@x.test", "").replace("t@x.test", "");
      expectNoLink(text);
      expect(text, key).toContain("Security team: your account is locked");
      if (/\{(inviterName|memberName|actorName|orgName)\}/.test(en[key])) expect(text, key).toContain(`${open}Security team: your account is locked`);
    }
    const invite = invitationMail({ appName: "We Love HQ", to: "new@x.test", orgName: PHISH, inviterName: PHISH, role: "member", url: "https://hq.example.com/invite", days: 7, locale: lang });
    expectNoLink(invite.subject);
    expect(invite.subject.startsWith(`${open}Security team:`)).toBe(true);
    expectNoLink(invite.text.replace("https://hq.example.com/invite", "").replace("new@x.test", ""));
    const accepted = invitationAcceptedMail({ appName: "We Love HQ", appUrl: "https://hq.example.com", to: "o@x.test", orgName: PHISH, memberName: PHISH, memberEmail: "m@x.test", locale: lang });
    expectNoLink(accepted.subject);
    expectNoLink(accepted.text.replaceAll("https://hq.example.com", "").replace("m@x.test", ""));
    expect(close).toBeTruthy();
  });

  it("goes in as it is when it is our own text", () => {
    expect(mailText("en", "task.assigned.line", { actorName: { ours: "Someone" }, taskTitle: "Fix it", orgName: "Acme" })).toBe("Someone assigned you “Fix it” in “Acme”.");
  });
});
