import { Link } from "react-router";
import { Trans, useTranslation } from "react-i18next";
import { appName } from "@/web/lib/app-name";
import { DocumentPage } from "../components/document-page";
import type { ProseSection } from "../components/prose-sections";
import "../marketing-prose-i18n";

const inlineLink = "font-medium text-primary underline underline-offset-4";

export function DocsPage() {
  const { t } = useTranslation("marketingProse");
  const app = appName();
  const sections: ProseSection[] = t("docs.sections", { returnObjects: true, app });
  return (
    <DocumentPage
      title={t("docs.title")}
      lead={t("docs.lead", { app })}
      tocTitle={t("docs.tocTitle")}
      sections={sections}
      meta={
        <p className="mt-4 text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="docs.help"
            components={{ contact: <Link to="/contact" className={inlineLink} />, pricing: <Link to="/pricing" className={inlineLink} /> }}
          />
        </p>
      }
    />
  );
}
