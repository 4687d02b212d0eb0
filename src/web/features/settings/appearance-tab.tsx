import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { useTheme, type ThemeChoice } from "@/web/lib/theme";

const choices: ThemeChoice[] = ["light", "dark", "system"];

/** Theme (kept in this browser, applied before paint by theme-init.js) and, for now, the one language. */
export function AppearanceTab() {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation();
  const { theme, setTheme } = useTheme();
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
        <div className="grid gap-1">
          <p className="text-sm font-medium">{t("appearance.language")}</p>
          <CardDescription>{t("appearance.languageNote")}</CardDescription>
        </div>
      </CardContent>
    </Card>
  );
}
