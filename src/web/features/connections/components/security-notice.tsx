import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "@/web/components/ui/card";

/** What the server really does with a key (see src/server/lib/secret-box.ts and modules/connections). */
export function SecurityNotice() {
  const { t } = useTranslation("connections");
  return (
    <Card className="flex gap-3 p-5" role="note" aria-labelledby="security-notice-title">
      <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
      <div className="grid gap-2">
        <h2 id="security-notice-title" className="font-semibold">
          {t("security.title")}
        </h2>
        <ul className="grid list-disc gap-1 pl-4 text-sm text-muted-foreground">
          <li>{t("security.encrypted")}</li>
          <li>{t("security.tested")}</li>
          <li>{t("security.masked")}</li>
          <li>{t("security.audit")}</li>
        </ul>
      </div>
    </Card>
  );
}
