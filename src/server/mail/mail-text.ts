import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { DEFAULT_LANGUAGE, isLanguage, languageFromAcceptLanguage, type Language } from "@/shared/languages";
import { de } from "./i18n/de";
import { en, type MailKey } from "./i18n/en";
import { fr } from "./i18n/fr";
import { mailSafeText, quotedMailText } from "./mail-safe-text";

export type { MailKey } from "./i18n/en";
export type MailVars = Readonly<Record<string, unknown>>;
/** A value we wrote ourselves ("Someone"), which goes in as it is even where a user's text would be quoted. */
export type OurText = { ours: string };

/**
 * The placeholders that carry what users chose: a person's or an organisation's name goes in quoted,
 * a task's title (which the templates quote already) as it is; both through mailSafeText, so a mail
 * says only what we wrote (no links, no "@", at most 60 characters).
 */
const QUOTED_USER_TEXT = new Set(["inviterName", "memberName", "actorName", "orgName"]);
const USER_TEXT = new Set(["taskTitle"]);

const isOurText = (value: unknown): value is OurText => typeof value === "object" && value !== null && typeof (value as OurText).ours === "string";

const texts: Record<Language, Record<MailKey, string>> = { en, de, fr };

/** A mail text in `locale` (anything unknown or missing: English), with its {placeholders} filled in. */
export function mailText(locale: string | null | undefined, key: MailKey, vars: MailVars = {}): string {
  const lang = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  const template = texts[lang][key] || en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    if (isOurText(value)) return value.ours;
    if (typeof value === "string" && QUOTED_USER_TEXT.has(name)) return quotedMailText(value, lang);
    if (typeof value === "string" && USER_TEXT.has(name)) return mailSafeText(value);
    return typeof value === "string" || typeof value === "number" ? String(value) : whole;
  });
}

/** The language stored for the user with this address (case-insensitive), else `fallback`, else English. */
export async function recipientLocale(db: Db, email: string, fallback?: string | null): Promise<Language> {
  const [row] = await db
    .select({ locale: user.locale })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  if (isLanguage(row?.locale)) return row.locale;
  return isLanguage(fallback) ? fallback : DEFAULT_LANGUAGE;
}

/** The language of a user object better-auth hands a callback, else the request's Accept-Language, else English. */
export function localeOf(person: object | null | undefined, request?: Request | null): Language {
  const stored = person && "locale" in person ? person.locale : undefined;
  if (isLanguage(stored)) return stored;
  return languageFromAcceptLanguage(request?.headers.get("accept-language")) ?? DEFAULT_LANGUAGE;
}
