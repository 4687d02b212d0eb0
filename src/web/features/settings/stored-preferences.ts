import { useEffect, useRef } from "react";
import i18n from "i18next";
import { toast } from "@/web/lib/toast";
import { isLanguage, THEMES, type Language, type Theme } from "@/shared/languages";
import { changeLanguage, currentLanguage } from "@/web/i18n/language";
import { checkShellSession } from "@/web/lib/shell-session";
import { onThemePicked, setThemeChoice, themeChoice } from "@/web/lib/theme";

type StoredUser = { id: string; locale?: string | null; theme?: string | null };
const isTheme = (value: unknown): value is Theme => typeof value === "string" && (THEMES as readonly string[]).includes(value);

/**
 * Keeps the user's stored language and theme (on their user row, in every session) and this
 * browser in step, for the signed-in app (app-layout.tsx):
 * - the stored ones apply when the session brings them: sign-in on a new device, a change made on
 *   another device;
 * - a language or theme picked here (Settings > Appearance, the header's toggle) is stored;
 * - a user who never chose keeps the language the app opened in (their browser's), stored so
 *   their mails come in it too.
 */
export function useStoredPreferences(user: StoredUser): void {
  const stored = useRef(user);
  stored.current = user;
  const { id, locale, theme } = user;

  useEffect(() => {
    if (isLanguage(locale)) {
      if (locale !== currentLanguage()) void changeLanguage(locale);
    } else if (locale == null) {
      void save({ locale: currentLanguage() });
    }
  }, [id, locale]);

  useEffect(() => {
    if (isTheme(theme) && theme !== themeChoice()) setThemeChoice(theme, { picked: false });
  }, [id, theme]);

  useEffect(() => {
    const onLanguage = (lng: string) => {
      if (isLanguage(lng) && lng !== stored.current.locale) void save({ locale: lng });
    };
    i18n.on("languageChanged", onLanguage);
    const stopTheme = onThemePicked((picked) => {
      if (picked !== stored.current.theme) void save({ theme: picked });
    });
    return () => {
      i18n.off("languageChanged", onLanguage);
      stopTheme();
    };
  }, []);
}

/** The hook as a component, for a tree that has the user only after its own checks. */
export function StoredPreferences({ user }: { user: StoredUser }): null {
  useStoredPreferences(user);
  return null;
}

/**
 * better-auth's update-user (its client loads with the first change: this runs in every /app
 * screen); on failure this browser keeps the choice and says it is not stored.
 */
async function save(changes: { locale?: Language; theme?: Theme }): Promise<void> {
  const failed = () => toast.error(i18n.t("language:notSaved"));
  try {
    const { authClient } = await import("@/web/lib/auth-client");
    const { error } = await authClient.updateUser(changes);
    if (error) failed();
    // The shell's session carries the stored choice: it hears of this one now, not in 30 s.
    else void checkShellSession();
  } catch {
    failed();
  }
}
