import { describe, expect, it } from "vitest";
import { de } from "./i18n/de";
import { en } from "./i18n/en";
import { fr } from "./i18n/fr";
import { localeOf, mailText } from "./mail-text";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("mail texts", () => {
  it.each([
    ["de", de],
    ["fr", fr],
  ] as const)("%s has every English key, translated, with the same placeholders", (_lang, texts) => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const text = texts[key as keyof typeof en];
      expect(text, key).not.toBe("");
      expect(text, key).not.toBe(english);
      expect(placeholders(text), key).toEqual(placeholders(english));
    }
  });

  it("fills placeholders in the recipient's language, English for anything else", () => {
    expect(mailText("de", "resetPassword.subject", { appName: "WHQ" })).toBe("Setzen Sie Ihr Passwort für WHQ zurück");
    expect(mailText("fr", "verification.subject", { appName: "WHQ" })).toBe("Confirmez votre adresse e-mail pour WHQ");
    expect(mailText("xx", "verification.subject", { appName: "WHQ" })).toBe("Confirm your email for WHQ");
    expect(mailText(null, "verification.subject", { appName: "WHQ" })).toBe("Confirm your email for WHQ");
  });

  it("takes the stored language first, then the request's Accept-Language", () => {
    const request = new Request("http://x", { headers: { "accept-language": "fr-CH, de;q=0.9" } });
    expect(localeOf({ locale: "de" }, request)).toBe("de");
    expect(localeOf({ locale: null }, request)).toBe("fr");
    expect(localeOf({}, null)).toBe("en");
  });
});
