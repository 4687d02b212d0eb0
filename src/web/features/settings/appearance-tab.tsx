import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { NativeSelect } from "@/web/components/ui/native-select";
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from "@/shared/languages";
import { changeLanguage, currentLanguage } from "@/web/i18n/language";
import { useTheme, type ThemeChoice } from "@/web/lib/theme";

const choices: ThemeChoice[] = ["light", "dark", "system"];

/**
 * Theme and language, applied at once and stored on the user (stored-preferences.ts), so another
 * device picks them up at sign-in; this browser keeps a copy (shared/theme-init.ts applies the theme
 * before paint).
 */
export function AppearanceTab() {
  const { t, i18n } = useTranslation("settings");
  const { t: tc } = useTranslation();
  const { theme, setTheme } = useTheme();
  const languageId = useId();
  const [switching, setSwitching] = useState(false);
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("appearance.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <fieldset className="grid gap-3">
          <legend className="text-sm font-medium">{t("appearance.theme")}</legend>
          <p className="text-sm text-muted-foreground">{t("appearance.themeDescription")}</p>
          <div className="flex flex-wrap gap-3">
            {choices.map((choice) => (
              <label key={choice} className="flex cursor-pointer items-center gap-2 rounded-md border px-4 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                <input type="radio" name="theme" value={choice} checked={theme === choice} onChange={() => setTheme(choice)} className="accent-primary" />
                {tc(`theme.${choice}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid max-w-xs gap-2">
          <label htmlFor={languageId} className="text-sm font-medium">
            {t("appearance.language")}
          </label>
          <CardDescription id={`${languageId}-note`}>{t("appearance.languageNote")}</CardDescription>
          <NativeSelect
            id={languageId}
            aria-describedby={`${languageId}-note`}
            value={language}
            disabled={switching}
            aria-busy={switching}
            onChange={(e) => {
              const next = e.target.value;
              if (!isLanguage(next)) return;
              setSwitching(true);
              void changeLanguage(next).finally(() => setSwitching(false));
            }}
          >
            {LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {LANGUAGE_NAMES[lng]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardContent>
    </Card>
  );
}
