import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "@/web/components/ui/card";

/** Shown when the server refuses the flag list: only owners may change what the app offers. */
export function FlagsAccessDenied() {
  const { t } = useTranslation("flags");
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 p-10 text-center">
      <ShieldAlert aria-hidden className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{t("denied.title")}</h2>
      <p className="text-sm text-muted-foreground">{t("denied.body")}</p>
    </Card>
  );
}
