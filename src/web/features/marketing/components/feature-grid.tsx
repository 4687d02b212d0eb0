import { useTranslation } from "react-i18next";
import { Check, Globe2, ShieldCheck, Sparkles, Workflow, MessagesSquare, Zap, type LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";

type FeatureKey = "automation" | "ai" | "eu" | "security" | "communication" | "speed";

const features: { key: FeatureKey; icon: LucideIcon }[] = [
  { key: "automation", icon: Workflow },
  { key: "ai", icon: Sparkles },
  { key: "eu", icon: Globe2 },
  { key: "security", icon: ShieldCheck },
  { key: "communication", icon: MessagesSquare },
  { key: "speed", icon: Zap },
];

/** The six feature cards of /features. */
export function FeatureGrid() {
  const { t } = useTranslation("marketing");
  return (
    <section aria-labelledby="feature-grid-title" className="mx-auto max-w-6xl px-4 pt-16">
      <h2 id="feature-grid-title" className="text-2xl font-semibold tracking-tight">
        {t("features.gridTitle")}
      </h2>
      <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {features.map(({ key, icon: Icon }) => {
          const points: string[] = t(`features.items.${key}.points`, { returnObjects: true });
          return (
            <Card key={key} className="flex flex-col">
              <CardHeader>
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <CardTitle className="mt-2 text-lg">{t(`features.items.${key}.title`)}</CardTitle>
                <CardDescription className="text-sm leading-6">{t(`features.items.${key}.body`)}</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="space-y-2 text-sm">
                  {points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
