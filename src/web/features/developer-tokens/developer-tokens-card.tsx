import "./developer-tokens-i18n";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccessToken } from "@/shared/access-tokens";
import { LoadFailed } from "@/web/components/load-failed";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate, formatDateTime } from "@/web/lib/format";
import { toast } from "@/web/lib/toast";
import { CreateTokenDialog } from "./create-token-dialog";
import { useAccessTokens, useRevokeAccessToken } from "./use-access-tokens";

/** Settings → Security → Developer: the user's personal access tokens, created once-shown, revoked after asking. */
export function DeveloperTokensCard() {
  const { t } = useTranslation("developerTokens");
  const { t: tc } = useTranslation();
  const tokens = useAccessTokens();
  const revoke = useRevokeAccessToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);

  const onRevoke = (token: AccessToken) =>
    revoke.mutate(token, {
      onSuccess: () => toast.success(t("revoked", { name: token.name })),
      onError: (e) => toast.error(t("revokeFailed"), { description: errorMessage(e, tc, { isWrite: true }) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("title")}</CardTitle>
        <CardDescription>
          {t("description")}{" "}
          <a className="underline underline-offset-4" href="/api/docs" target="_blank" rel="noreferrer">
            {t("docsLink")}
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <Button onClick={() => setCreating(true)}>{t("create")}</Button>
        </div>
        {tokens.isPending && <Spinner label={t("listLabel")} />}
        {tokens.isError && <LoadFailed message={t("loadFailed")} onRetry={() => void tokens.refetch()} />}
        {tokens.data?.length === 0 && <p className="text-sm text-muted-foreground">{t("none")}</p>}
        {tokens.data && tokens.data.length > 0 && (
          <ul className="divide-y rounded-md border" aria-label={t("listLabel")}>
            {tokens.data.map((token) => {
              const expired = Date.parse(token.expires_at) <= Date.now();
              return (
                <li key={token.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 text-sm">
                  <KeyRound aria-hidden className="size-4 text-muted-foreground" />
                  <span className="font-medium">{token.name}</span>
                  <Badge>{t(`scopeNames.${token.scope}`)}</Badge>
                  {expired && <Badge variant="destructive">{t("expired")}</Badge>}
                  <span className="font-mono text-xs text-muted-foreground">{t("hint", { hint: token.hint })}</span>
                  <span className="text-muted-foreground">{t("expires", { date: formatDate(token.expires_at) })}</span>
                  <span className="text-muted-foreground">{token.last_used_at ? t("lastUsed", { date: formatDateTime(token.last_used_at) }) : t("neverUsed")}</span>
                  <Button className="ml-auto" variant="outline" size="sm" aria-label={t("revokeLabel", { name: token.name })} disabled={revoke.isPending && revoke.variables?.id === token.id} onClick={() => setRevoking(token)}>
                    {t("revoke")}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <CreateTokenDialog open={creating} onOpenChange={setCreating} />
        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(open) => !open && setRevoking(null)}
          title={t("revokeTitle", { name: revoking?.name ?? "" })}
          description={t("revokeBody")}
          confirmLabel={t("revoke")}
          cancelLabel={tc("cancel")}
          busy={revoke.isPending}
          onConfirm={() => {
            if (revoking) onRevoke(revoking);
            setRevoking(null);
          }}
        />
      </CardContent>
    </Card>
  );
}
