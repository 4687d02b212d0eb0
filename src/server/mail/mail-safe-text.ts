import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@/shared/languages";

/** How long a user's text may run in a mail before it is cut with "…". */
export const MAIL_USER_TEXT_MAX = 60;

const QUOTES: Record<Language, [string, string]> = { en: ["“", "”"], de: ["„", "“"], fr: ["« ", " »"] };

// Schemes a mail client turns into a link: any "name://", and the ones that work without slashes.
const SCHEME_WITH_SLASHES = /\b[a-z][a-z0-9+.-]*:\/\/+/gi;
const SCHEME_BARE = /\b(?:mailto|tel|sms|callto|skype|javascript|data|file|news|xmpp|sip|facetime|maps|geo):/gi;
// A dot between two letters or digits is what makes "evil.example" a domain a client links.
const DOMAIN_DOT = /(?<=[\p{L}\p{N}])[.。．｡](?=[\p{L}\p{N}])/gu;
// Control characters and line breaks would start a new line of the mail or hide text.
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;

/**
 * A user's text (a name, an organisation's or a task's title) as a mail may carry it: on one line,
 * with nothing a mail client turns into a link (no scheme, no "@", no dotted domain: "evil.example"
 * becomes "evil[.]example"), and cut to MAIL_USER_TEXT_MAX characters with "…". Our mails are
 * plain text (no HTML part); the one HTML page a mail links to (unsubscribe) escapes through hono/html.
 */
export function mailSafeText(value: string, max = MAIL_USER_TEXT_MAX): string {
  const cleaned = value
    .replace(CONTROL, " ")
    .replace(SCHEME_WITH_SLASHES, "")
    .replace(SCHEME_BARE, "")
    .replace(/[@＠﹫]/g, " at ")
    .replace(DOMAIN_DOT, "[.]")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...cleaned];
  return chars.length > max ? `${chars.slice(0, max - 1).join("").trimEnd()}…` : cleaned;
}

/** mailSafeText in the quotes of the reader's language: “…”, „…“, « … ». */
export function quotedMailText(value: string, locale: string | null | undefined): string {
  const [open, close] = QUOTES[isLanguage(locale) ? locale : DEFAULT_LANGUAGE];
  return `${open}${mailSafeText(value)}${close}`;
}
