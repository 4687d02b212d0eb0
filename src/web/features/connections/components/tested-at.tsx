import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/web/lib/format";
import { formatRelativeTime } from "../lib/relative-time";

/** 'Tested 5 minutes ago' with the exact time for assistive tech and hover, or 'Never tested'. */
export function TestedAt({ at }: { at: string | null }) {
  const { t, i18n } = useTranslation("connections");
  if (!at) return <span>{t("card.neverTested")}</span>;
  const exact = new Date(at);
  return (
    <time dateTime={exact.toISOString()} title={formatDateTime(exact)}>
      {t("card.tested", { when: formatRelativeTime(at, new Date(), i18n.language) })}
    </time>
  );
}
