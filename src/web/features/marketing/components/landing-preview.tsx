import { useTranslation } from "react-i18next";
import { Bot, CheckCircle2, Circle, HeartPulse } from "lucide-react";

type PreviewTask = { title: string; meta: string };

/** A decorative picture of the workspace; screen readers skip it, the text says the same. */
export function LandingPreview() {
  const { t } = useTranslation("marketing");
  const tasks: PreviewTask[] = t("landing.preview.tasks", { returnObjects: true });
  return (
    <div aria-hidden="true" className="rounded-2xl border bg-card p-5 shadow-lg">
      <div className="flex items-center justify-between gap-3">
        <p className="font-semibold">{t("landing.preview.label")}</p>
        <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">{t("landing.preview.plane")}</span>
      </div>
      <ul className="mt-4 space-y-2">
        {tasks.map((task, i) => (
          <li key={task.title} className="flex items-start gap-3 rounded-lg border bg-background p-3">
            {i === tasks.length - 1 ? <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" /> : <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" />}
            <div className="min-w-0">
              <p className="text-sm font-medium">{task.title}</p>
              <p className="text-xs text-muted-foreground">{task.meta}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        <p className="flex items-center gap-2 rounded-lg bg-muted p-3 text-xs">
          <Bot className="size-4 shrink-0 text-primary" />
          {t("landing.preview.agent")}
        </p>
        <p className="flex items-center gap-2 rounded-lg bg-muted p-3 text-xs">
          <HeartPulse className="size-4 shrink-0 text-primary" />
          {t("landing.preview.health")}
        </p>
      </div>
    </div>
  );
}
