import { Briefcase, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import i18n from "@/web/i18n";
import type { Plane } from "@/shared/work";
import { Alert } from "@/web/components/ui/alert";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { FormField } from "@/web/features/auth/form-field";
import { useOrg } from "@/web/features/organisations/org-context";
import { appName } from "@/web/lib/app-name";

type WelcomeStepProps = { planes?: Plane[]; isLoading: boolean; businessName: string; onBusinessNameChange: (name: string) => void; error: string | null };

/** The business plane's name until the user types one, in the app's language. */
export const defaultBusinessName = () => i18n.t("welcome.defaultBusinessName", { ns: "onboarding" });

/** Confirms the organisation and shows the default planes; once they exist, it shows them as they are. */
export function WelcomeStep({ planes, isLoading, businessName, onBusinessNameChange, error }: WelcomeStepProps) {
  const { t } = useTranslation("onboarding");
  const { currentOrg } = useOrg();
  const org = currentOrg?.name ?? "";
  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("welcome.title", { app: appName() })}</h1>
        <p className="text-muted-foreground">{t("welcome.body", { org })}</p>
      </div>
      <dl className="grid gap-1 rounded-md border p-3">
        <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("welcome.organisation")}</dt>
        <dd className="font-medium">{org}</dd>
      </dl>
      {error && <Alert variant="destructive">{error}</Alert>}
      <section className="grid gap-3" aria-labelledby="default-planes">
        <h2 id="default-planes" className="font-semibold">
          {t("welcome.defaultPlanes")}
        </h2>
        {isLoading && <Spinner label={t("welcome.creating")} />}
        {planes && planes.length > 0 && (
          <>
            <p className="text-sm text-muted-foreground">{t("welcome.existing")}</p>
            <ul className="grid gap-2">
              {planes.map((plane) => (
                <li key={plane.id} className="flex items-center gap-3 rounded-md border p-3">
                  {plane.type === "personal" ? <User aria-hidden className="size-4" /> : <Briefcase aria-hidden className="size-4" />}
                  {plane.name}
                </li>
              ))}
            </ul>
          </>
        )}
        {planes?.length === 0 && (
          <div className="grid gap-3">
            <div className="flex items-center gap-3 rounded-md border p-3">
              <User aria-hidden className="size-4" />
              <div>
                <p className="font-medium">{t("welcome.personal")}</p>
                <p className="text-sm text-muted-foreground">{t("welcome.personalHint")}</p>
              </div>
            </div>
            <div className="flex items-start gap-3 rounded-md border p-3">
              <Briefcase aria-hidden className="mt-8 size-4" />
              <div className="flex-1">
                <FormField id="business-plane-name" label={t("welcome.businessName")}>
                  <Input value={businessName} maxLength={120} onChange={(e) => onBusinessNameChange(e.target.value)} />
                </FormField>
              </div>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
