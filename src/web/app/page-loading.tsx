import { useTranslation } from "react-i18next";

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="p-8 text-center text-muted-foreground">
      {t("loading")}
    </p>
  );
}
