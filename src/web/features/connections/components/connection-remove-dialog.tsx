import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { Connection } from "@/shared/connections";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { toastWriteFailed } from "@/web/lib/write-failed-toast";
import { useDeleteConnection } from "../api/mutate-connections";
import { useProviderName } from "../lib/provider-name";

type ConnectionRemoveDialogProps = { connection: Connection; open: boolean; onOpenChange: (open: boolean) => void };

export function ConnectionRemoveDialog({ connection, open, onOpenChange }: ConnectionRemoveDialogProps) {
  const { t } = useTranslation("connections");
  const { t: tc } = useTranslation();
  const provider = useProviderName()(connection.provider);
  const remove = useDeleteConnection();

  const confirm = async () => {
    try {
      await remove.mutateAsync(connection.id);
      toast.success(t("toasts.removed"));
      onOpenChange(false);
    } catch (e) {
      toastWriteFailed(e, t("toasts.removeFailed"));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("remove.title", { provider })}
      description={t("remove.description", { provider })}
      confirmLabel={t("remove.confirm")}
      cancelLabel={tc("cancel")}
      busy={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
