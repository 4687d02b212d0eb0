import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { useTheme } from "@/web/lib/theme";

export function ThemeToggle() {
  const { t } = useTranslation();
  const { resolved, setTheme } = useTheme();
  return (
    <Button variant="ghost" size="icon" aria-label={t("theme.toggle")} onClick={() => setTheme(resolved === "dark" ? "light" : "dark")}>
      {resolved === "dark" ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </Button>
  );
}
