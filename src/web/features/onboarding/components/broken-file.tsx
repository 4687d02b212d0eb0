import { useTranslation } from "react-i18next";
import { Alert } from "@/web/components/ui/alert";
import type { BrokenLine } from "../lib/read-import-file";

/** Why a file is not imported at all: the lines whose quotes do not close, and what to do. */
export function BrokenFile({ lines }: { lines: BrokenLine[] }) {
  const { t } = useTranslation("onboarding");
  return (
    <Alert variant="destructive" className="grid gap-1">
      <p className="font-medium">{t("import.brokenTitle")}</p>
      <ul className="grid max-h-48 gap-0.5 overflow-y-auto">
        {lines.map(({ line, reason }) => (
          <li key={line}>{t(`import.broken.${reason}`, { line })}</li>
        ))}
      </ul>
      <p>{t("import.brokenHint")}</p>
    </Alert>
  );
}
