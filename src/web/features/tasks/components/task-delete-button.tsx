import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { Task } from "@/shared/work";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { toastWriteFailed } from "@/web/lib/write-failed-toast";
import { useDeleteTask } from "../api/mutate-tasks";

/** Delete, after a confirmation that names the task. */
export function TaskDeleteButton({ task, onDeleted }: { task: Task; onDeleted: () => void }) {
  const { t } = useTranslation("tasks");
  const { t: tc } = useTranslation();
  const remove = useDeleteTask();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await remove.mutateAsync(task.id);
      toast.success(t("toasts.deleted"));
      setConfirming(false);
      onDeleted();
    } catch (e) {
      toastWriteFailed(e, t("toasts.deleteFailed"));
    }
  };

  return (
    <>
      <Button type="button" variant="outline" className="text-destructive hover:text-destructive" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden />
        {t("actions.delete")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("confirmDelete.title")}
        description={t("confirmDelete.description", { title: task.title })}
        confirmLabel={t("confirmDelete.confirm")}
        cancelLabel={tc("cancel")}
        onConfirm={() => void confirm()}
        busy={remove.isPending}
      />
    </>
  );
}
