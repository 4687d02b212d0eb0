import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { BookOpen, Building2, Clock } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { appName } from "@/web/lib/app-name";
import { ContactChannels } from "../components/contact-channels";
import { PageIntro } from "../components/page-intro";

export function ContactPage() {
  const { t } = useTranslation("marketing");
  const response: string[] = t("contact.response", { returnObjects: true });
  return (
    <>
      <PageIntro title={t("contact.title")} lead={t("contact.lead")} />
      <div className="mx-auto max-w-6xl space-y-14 px-4 py-12">
        <ContactChannels />
        <div className="grid gap-10 md:grid-cols-2">
          <section aria-labelledby="response-title">
            <h2 id="response-title" className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
              <Clock className="size-5 text-primary" aria-hidden />
              {t("contact.responseTitle")}
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-6 leading-7">
              {response.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-muted-foreground">{t("contact.hours")}</p>
          </section>
          <section aria-labelledby="company-title">
            <h2 id="company-title" className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
              <Building2 className="size-5 text-primary" aria-hidden />
              {t("contact.companyTitle")}
            </h2>
            <p className="mt-4 leading-7">{t("contact.company", { app: appName() })}</p>
          </section>
        </div>
        <section aria-labelledby="docs-title" className="rounded-xl border bg-muted/40 p-6">
          <h2 id="docs-title" className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <BookOpen className="size-5 text-primary" aria-hidden />
            {t("contact.docsTitle")}
          </h2>
          <p className="mt-3 text-muted-foreground">{t("contact.docsBody")}</p>
          <Button asChild variant="outline" className="mt-4">
            <Link to="/docs">{t("cta.readDocs")}</Link>
          </Button>
        </section>
      </div>
    </>
  );
}
