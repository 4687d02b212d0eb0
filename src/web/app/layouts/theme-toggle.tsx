import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { useTheme } from "@/web/lib/theme";

export function ThemeToggle() {
  const { t } = useTranslation();
  const { resolved, setTheme } = useTheme();
  return (
    <Button variant="ghost" size="icon" aria-label={t("theme.toggle")} data-theme-toggle="" onClick={() => setTheme(resolved === "dark" ? "light" : "dark")}>
      {/* Both drawn, the page's dark class picks one: right before React knows the theme, and on prerendered pages. */}
      <Sun aria-hidden className="hidden dark:block" />
      <Moon aria-hidden className="dark:hidden" />
    </Button>
  );
}
