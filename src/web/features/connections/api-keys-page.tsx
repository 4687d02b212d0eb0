import { useState } from "react";
import { KeyRound, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Connection } from "@/shared/connections";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { useCan } from "@/web/features/organisations/use-can";
import { useLoadErrorToast } from "@/web/lib/use-load-error-toast";
import { useConnections } from "./api/get-connections";
import { BackToSetup } from "./components/back-to-setup";
import { ConnectionCard } from "./components/connection-card";
import { ConnectionFormDialog } from "./components/connection-form-dialog";
import { ConnectionRemoveDialog } from "./components/connection-remove-dialog";
import { ConnectionsSkeleton } from "./components/connections-skeleton";
import { LoadFailed } from "@/web/components/load-failed";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { SecurityNotice } from "./components/security-notice";
import { isKeyProvider } from "./lib/connection-state";
import { useRunTest } from "./lib/use-run-test";

type Dialog = { kind: "add" } | { kind: "edit"; connection: Connection } | { kind: "remove"; connection: Connection } | null;

export function ApiKeysPage() {
  const { t } = useTranslation("connections");
  const connections = useConnections();
  const keys = connections.data?.filter(isKeyProvider);
  const tests = useRunTest();
  // Members see the keys (masked) and their status; adding, changing and testing are the owner's.
  const canManage = useCan("connection.manage");
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (open: boolean) => !open && setDialog(null);
  const failed = connections.isError && !connections.data;
  useLoadErrorToast(failed ? connections.error : null, t("apiKeys.loadFailed"));

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <BackToSetup />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t("apiKeys.title")}</h1>
          <p className="text-muted-foreground">{t("apiKeys.subtitle")}</p>
        </div>
        {canManage && (
          <Button onClick={() => setDialog({ kind: "add" })}>
            <Plus aria-hidden />
            {t("apiKeys.add")}
          </Button>
        )}
      </div>
      {!canManage && <OwnerOnlyNote>{t("apiKeys.ownerOnly")}</OwnerOnlyNote>}
      {connections.isPending && <ConnectionsSkeleton label={t("apiKeys.loading")} />}
      {failed && <LoadFailed message={t("apiKeys.loadFailed")} onRetry={() => void connections.refetch()} />}
      {keys?.length === 0 && (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <KeyRound aria-hidden className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{t("apiKeys.empty")}</h2>
          <p className="text-sm text-muted-foreground">{canManage ? t("apiKeys.emptyBody") : t("apiKeys.emptyBodyMember")}</p>
          {canManage && <Button onClick={() => setDialog({ kind: "add" })}>{t("apiKeys.addFirst")}</Button>}
        </Card>
      )}
      {keys && keys.length > 0 && (
        <ul aria-label={t("apiKeys.listLabel")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {keys.map((connection) => (
            <li key={connection.id} className="grid">
              <ConnectionCard
                connection={connection}
                actions={
                  canManage
                    ? {
                        isTesting: tests.isTesting(connection.id),
                        onTest: () => void tests.run(connection),
                        onEdit: () => setDialog({ kind: "edit", connection }),
                        onRemove: () => setDialog({ kind: "remove", connection }),
                      }
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      {/* Below a list whose height is unknown until it arrives: shown with it, so it never jumps (CLS 0.14 on a phone, where the skeleton is taller than a new account's empty card). */}
      {!connections.isPending && <SecurityNotice />}
      <ConnectionFormDialog
        open={dialog?.kind === "add" || dialog?.kind === "edit"}
        onOpenChange={close}
        connection={dialog?.kind === "edit" ? dialog.connection : undefined}
        takenProviders={(connections.data ?? []).map((c) => c.provider)}
      />
      {dialog?.kind === "remove" && <ConnectionRemoveDialog open connection={dialog.connection} onOpenChange={close} />}
    </div>
  );
}
