import { useTranslation } from "react-i18next";

/** Says the form holds what was being typed when the session ended (lib/drafts.ts). */
export function DraftRestoredNote() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {t("drafts.restored")}
    </p>
  );
}
