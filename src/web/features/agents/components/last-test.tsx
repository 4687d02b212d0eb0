import { useTranslation } from "react-i18next";
import type { AgentLastTest } from "@/shared/agents";

/** What the last ping found, never more: no test means 'Not tested yet', not 'Ready'. */
export function LastTest({ test, format }: { test: AgentLastTest | null; format: (iso: string) => string }) {
  const { t } = useTranslation("agents");
  if (!test) return <span className="text-muted-foreground">{t("card.neverTested")}</span>;
  const when = format(test.at);
  return test.ok ? (
    <span className="text-green-700 dark:text-green-400">{t("card.testPassed", { when })}</span>
  ) : (
    <span className="text-destructive">{t("card.testFailed", { when, message: test.message })}</span>
  );
}
