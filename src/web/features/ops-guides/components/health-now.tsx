import { Activity } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { useHealthProbe } from "../api/get-release";

/** The wizard's last step: this server's health endpoint, asked now, anyone may. */
export function HealthNow() {
  const { t } = useTranslation("opsGuides");
  const health = useHealthProbe();
  const body = health.data?.body;
  return (
    <div className="grid justify-items-start gap-2">
      <Button type="button" variant="outline" onClick={() => void health.refetch()} aria-busy={health.isFetching}>
        <Activity aria-hidden />
        {t("wizard.healthNow")}
      </Button>
      <p role="status" className="text-sm" data-testid="wizard-health">
        {health.isFetching
          ? t("deployStatus.checking")
          : health.isError
            ? t("deployStatus.healthUnreachable")
            : body?.ok
              ? t("wizard.healthOk", { ms: Math.round(body.db_latency_ms ?? 0) })
              : body
                ? t("wizard.healthFailed", { error: body.error ?? "" })
                : null}
      </p>
    </div>
  );
}
