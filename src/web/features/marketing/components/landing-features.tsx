import { useTranslation } from "react-i18next";
import { Bot, FolderKanban, HeartPulse, Workflow, type LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";

const items: { key: "planes" | "agent" | "workflows" | "healing"; icon: LucideIcon }[] = [
  { key: "planes", icon: FolderKanban },
  { key: "agent", icon: Bot },
  { key: "workflows", icon: Workflow },
  { key: "healing", icon: HeartPulse },
];

export function LandingFeatures() {
  const { t } = useTranslation("marketing");
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <h2 id="features-title" className="text-3xl font-semibold tracking-tight">
        {t("landing.featuresTitle")}
      </h2>
      <p className="mt-3 max-w-2xl text-muted-foreground">{t("landing.featuresLead")}</p>
      <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {items.map(({ key, icon: Icon }) => (
          <Card key={key}>
            <CardHeader>
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <CardTitle className="mt-2 text-lg">{t(`landing.features.${key}.title`)}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-sm text-muted-foreground">{t(`landing.features.${key}.body`)}</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
