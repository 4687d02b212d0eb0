import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { appName } from "@/web/lib/app-name";
import { DocumentPage } from "../components/document-page";
import type { ProseSection } from "../components/prose-sections";

export function DocsPage() {
  const { t } = useTranslation("marketing");
  const app = appName();
  const sections: ProseSection[] = t("docs.sections", { returnObjects: true, app });
  return (
    <DocumentPage
      title={t("docs.title")}
      lead={t("docs.lead", { app })}
      tocTitle={t("docs.tocTitle")}
      sections={sections}
      meta={
        <p className="mt-4 text-sm">
          <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
            {t("nav.contact")}
          </Link>
        </p>
      }
    />
  );
}
