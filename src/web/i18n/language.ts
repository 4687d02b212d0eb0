import i18n from "i18next";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, pickLanguage, type Language } from "@/shared/languages";
import { isTakingOver } from "@/web/lib/prerendered-takeover";
import { storageKeys } from "@/web/lib/storage-keys";
import { loadTranslation } from "./translations";

const YEAR_SECONDS = 365 * 24 * 3600;

function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.cookie
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

function storedChoice(): string | null {
  try {
    return localStorage.getItem(storageKeys.language);
  } catch {
    return null;
  }
}

/**
 * The language to start in: the last one chosen in this browser (the user's stored one, cached),
 * else the public pages' switcher's cookie, else the browser's languages, else English. The
 * session's stored language replaces it once known (stored-preferences.tsx). English when
 * prerendering (no window).
 */
export function initialLanguage(): Language {
  if (typeof window === "undefined") return DEFAULT_LANGUAGE;
  // Taking over a prerendered page (the /auth form, public/auth-page.js): the server chose its
  // language from the cookie and Accept-Language; another choice here would switch the words under
  // the visitor's cursor.
  const served = document.documentElement.lang;
  if (isTakingOver() && isLanguage(served)) return served;
  const stored = storedChoice();
  if (isLanguage(stored)) return stored;
  const cookie = readCookie(LANGUAGE_COOKIE);
  if (isLanguage(cookie)) return cookie;
  return pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** Remembers the language in this browser: local storage for the app, the cookie for the server's public pages. */
function remember(lng: Language): void {
  try {
    localStorage.setItem(storageKeys.language, lng);
  } catch {
    // Storage off (private mode): the cookie and the server's copy still hold it.
  }
  if (typeof document !== "undefined") document.cookie = `${LANGUAGE_COOKIE}=${lng}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}

/** The namespaces registered so far (English is registered with each part of the app). */
const registeredNamespaces = () => Object.keys(i18n.store?.data.en ?? {});

/**
 * Switches the whole app: first fetches every registered namespace in `lng` (so the page never
 * shows a mix or a loading state), then changes i18next's language; `<html lang>` follows
 * (index.ts). A namespace without a file stays English.
 */
export async function changeLanguage(lng: Language): Promise<void> {
  remember(lng);
  if (lng !== "en") {
    await Promise.all(
      registeredNamespaces()
        .filter((ns) => !i18n.hasResourceBundle(lng, ns))
        .map(async (ns) => {
          const bundle = await loadTranslation(lng, ns);
          if (bundle && !i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, bundle);
        }),
    );
  }
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

/** The app's current language, one of ours. */
export const currentLanguage = (): Language => (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
