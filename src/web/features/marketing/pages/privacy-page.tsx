import { useTranslation } from "react-i18next";
import { appName } from "@/web/lib/app-name";
import { contactEmails } from "../components/contact-info";
import { DocumentPage } from "../components/document-page";
import type { ProseSection } from "../components/prose-sections";
import "../marketing-prose-i18n";

export function PrivacyPage() {
  const { t } = useTranslation("marketingProse");
  const app = appName();
  const sections: ProseSection[] = t("privacy.sections", { returnObjects: true, app, email: contactEmails.privacy });
  return (
    <DocumentPage
      title={t("privacy.title")}
      lead={t("privacy.lead", { app })}
      tocTitle={t("legal.contents")}
      sections={sections}
      meta={<p className="mt-4 text-sm text-muted-foreground">{t("legal.updated", { date: t("legal.date") })}</p>}
    />
  );
}
