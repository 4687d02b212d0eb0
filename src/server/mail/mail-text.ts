import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { DEFAULT_LANGUAGE, isLanguage, languageFromAcceptLanguage, type Language } from "@/shared/languages";
import { de } from "./i18n/de";
import { en, type MailKey } from "./i18n/en";
import { fr } from "./i18n/fr";

export type { MailKey } from "./i18n/en";
export type MailVars = Readonly<Record<string, unknown>>;

const texts: Record<Language, Record<MailKey, string>> = { en, de, fr };

/** A mail text in `locale` (anything unknown or missing: English), with its {placeholders} filled in. */
export function mailText(locale: string | null | undefined, key: MailKey, vars: MailVars = {}): string {
  const lang = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  const template = texts[lang][key] || en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
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
