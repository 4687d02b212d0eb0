import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { EnvCheckId, OpsEnvironment } from "@/shared/ops";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/cn";
import { formatTime } from "@/web/lib/format";
import { useEnvironment } from "../api/get-environment";
import { useGuideViewer } from "../api/get-viewer";
import { CheckList } from "./check-list";

/**
 * The live checks where the viewer may see them: an owner gets this server's configuration, a
 * member and a visitor the reason they do not. `only` narrows the list (a wizard step);
 * `children` renders more of the same answer (the migrations table, the report).
 */
export function EnvironmentChecks({ only, children }: { only?: readonly EnvCheckId[]; children?: (env: OpsEnvironment) => ReactNode }) {
  const { t } = useTranslation("opsGuides");
  const viewer = useGuideViewer();
  const ownerOrgId = viewer.data?.kind === "owner" ? viewer.data.orgId : null;
  const environment = useEnvironment(ownerOrgId);

  if (viewer.isPending) return <Spinner label={t("checks.loading")} />;
  if (!viewer.data || viewer.data.kind === "visitor")
    return (
      <p role="note" className="rounded-md border border-dashed p-4 text-sm">
        {t("checks.signIn")}{" "}
        <Link to="/auth" className="text-primary underline underline-offset-2">
          {t("checks.signInLink")}
        </Link>
      </p>
    );
  if (viewer.data.kind === "member")
    return (
      <p role="note" className="rounded-md border border-dashed p-4 text-sm">
        {t("checks.ownersOnly")}
      </p>
    );
  if (environment.isPending) return <Spinner label={t("checks.loading")} />;
  const recheck = (
    <Button type="button" variant="outline" size="sm" onClick={() => void environment.refetch()} aria-busy={environment.isFetching}>
      <RefreshCw aria-hidden className={cn(environment.isFetching && "animate-spin")} />
      {t("checks.recheck")}
    </Button>
  );
  if (environment.isError)
    return (
      <div className="grid justify-items-start gap-2">
        <p role="alert" className="text-sm text-destructive">
          {t("checks.failed", { message: environment.error.message })}
        </p>
        {recheck}
      </div>
    );
  const env = environment.data;
  const checks = only ? env.checks.filter((c) => only.includes(c.id)) : env.checks;
  const count = (state: string) => checks.filter((c) => c.state === state).length;
  return (
    <div className="grid gap-3" data-testid="environment-checks">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>
          {t("checks.summary", { ok: count("ok"), warn: count("warn"), missing: count("missing") })} · {t("checks.checkedAt", { time: formatTime(env.checkedAt, { timeStyle: "medium" }) })}
        </span>
        {recheck}
      </div>
      <CheckList checks={checks} />
      {children?.(env)}
    </div>
  );
}
