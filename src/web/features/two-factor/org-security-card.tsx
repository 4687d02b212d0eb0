import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { OrganisationSecurity } from "@/shared/organisation-security";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { Switch } from "@/web/components/ui/switch";
import { useOrg } from "@/web/features/organisations/org-context";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api, ApiError } from "@/web/lib/api";
import { authClient } from "@/web/lib/auth-client";
import { errorMessage } from "@/web/lib/error-message";

const securityKey = (orgId: string) => ["organisation-security", orgId] as const;

/** Security tab, owners only: require two-factor sign-in of every member (their own must be on first). */
export function OrgSecurityCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation();
  const { currentOrg } = useOrg();
  const session = authClient.useSession();
  const ownOn = session.data?.user.twoFactorEnabled === true;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: securityKey(orgId),
    queryFn: () => api<{ security: OrganisationSecurity }>(orgPath(orgId, "/security")).then((r) => r.security),
  });
  const save = useMutation({
    mutationFn: (input: { require_two_factor: boolean; version: number }) =>
      api<{ security: OrganisationSecurity }>(orgPath(orgId, "/security"), { method: "PUT", body: input }).then((r) => r.security),
    onSuccess: (security) => queryClient.setQueryData(securityKey(orgId), security),
    onError: () => queryClient.invalidateQueries({ queryKey: securityKey(orgId) }),
  });

  const toggle = async (next: boolean) => {
    if (!query.data) return;
    try {
      await save.mutateAsync({ require_two_factor: next, version: query.data.version });
      toast.success(t("orgSecurity.saved"));
    } catch (e) {
      toast.error(t("orgSecurity.failed"), { description: e instanceof ApiError && e.isOwnMessage ? e.message : errorMessage(e, tc, { isWrite: true }) });
    }
  };

  const required = query.data?.require_two_factor === true;
  // Turning it on needs one's own two-factor; turning it off never does.
  const blockedOn = !required && !ownOn;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("orgSecurity.title")}</CardTitle>
        <CardDescription>{t("orgSecurity.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {query.isPending && <Spinner label={t("orgSecurity.title")} />}
        {query.isError && (
          <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-2">
            <span>{t("orgSecurity.loadFailed")}</span>
            <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t("orgSecurity.retry")}
            </Button>
          </Alert>
        )}
        {query.data && (
          <>
            <div className="flex items-center gap-3">
              <Switch
                id="org-require-two-factor"
                checked={required}
                disabled={save.isPending || blockedOn}
                aria-describedby={blockedOn ? "org-require-two-factor-note" : undefined}
                onCheckedChange={(next) => void toggle(next)}
              />
              <Label htmlFor="org-require-two-factor">
                {t("orgSecurity.requireLabel")}
                {currentOrg ? ` (${currentOrg.name})` : ""}
              </Label>
            </div>
            {blockedOn && (
              <p id="org-require-two-factor-note" className="text-sm text-muted-foreground">
                {t("orgSecurity.needOwn")}
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
