import "@/web/features/planes/planes-i18n";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { Plane } from "@/shared/work";
import { Alert } from "@/web/components/ui/alert";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { errorMessage } from "@/web/lib/error-message";
import { isWaitingForNetwork } from "@/web/lib/offline";
import { usePlane } from "../api/get-plane";
import { usePlanes } from "../api/get-planes";
import { useDeletePlane } from "../api/mutate-planes";

type PlaneDeleteDialogProps = { plane: Plane; open: boolean; onOpenChange: (open: boolean) => void; onDeleted?: () => void };

/** Deleting never loses projects silently: with projects inside, the user moves them or deletes them knowingly. */
export function PlaneDeleteDialog({ plane, open, onOpenChange, onDeleted }: PlaneDeleteDialogProps) {
  const { t } = useTranslation("planes");
  const { t: tc } = useTranslation();
  const remove = useDeletePlane();
  // Fresh figures for the warning, and every plane as a move target, not just the grid's loaded pages.
  const fresh = usePlane(plane.id);
  const planes = usePlanes();
  const others = (planes.data ?? []).filter((p) => p.id !== plane.id);
  const [choice, setChoice] = useState<"move" | "delete">("move");
  const [target, setTarget] = useState("");
  const [error, setError] = useState<string | null>(null);
  const count = fresh.data?.project_count ?? plane.project_count;
  const tasks = fresh.data?.task_count ?? plane.task_count;

  useEffect(() => {
    if (!open || planes.isPending) return;
    setChoice(others.length > 0 ? "move" : "delete");
    setTarget(others[0]?.id ?? "");
    setError(null);
    // Only when the dialog opens and the planes arrive: a refetch must not reset the user's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, planes.isPending]);

  const confirm = async () => {
    try {
      const mode = count === 0 ? "refuse" : choice;
      const result = await remove.mutateAsync({ planeId: plane.id, projects: mode, target: mode === "move" ? target : undefined });
      toast.success(result.moved > 0 ? t("delete.movedToast", { count: result.moved }) : t("delete.deleted"));
      onOpenChange(false);
      onDeleted?.();
    } catch (e) {
      setError(errorMessage(e, tc, { fallback: t("delete.failed"), isWrite: true }));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("delete.title", { name: plane.name })}
      description={count === 0 ? t("delete.emptyDescription") : t("delete.withProjects", { count, tasks })}
      confirmLabel={t("delete.confirm")}
      cancelLabel={tc("cancel")}
      busy={remove.isPending || fresh.isLoading || planes.isLoading || (count > 0 && choice === "move" && !target)}
      onConfirm={confirm}
    >
      {error && <Alert variant="destructive">{error}</Alert>}
      {(isWaitingForNetwork(fresh) || isWaitingForNetwork(planes)) && <Alert role="status">{tc("offline.loading")}</Alert>}
      {count > 0 && (
        <fieldset className="grid gap-3 text-sm">
          <legend className="sr-only">{t("delete.title", { name: plane.name })}</legend>
          <label className="flex items-start gap-2">
            <input type="radio" name="plane-delete-choice" className="mt-0.5" checked={choice === "move"} disabled={others.length === 0} onChange={() => setChoice("move")} />
            {t("delete.move")}
          </label>
          {choice === "move" && others.length > 0 && (
            <div className="grid gap-2 pl-6">
              <Label htmlFor="plane-move-target">{t("delete.moveTarget")}</Label>
              <NativeSelect id="plane-move-target" value={target} onChange={(e) => setTarget(e.target.value)}>
                {others.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          {others.length === 0 && <p className="pl-6 text-muted-foreground">{t("delete.noTarget")}</p>}
          <label className="flex items-start gap-2">
            <input type="radio" name="plane-delete-choice" className="mt-0.5" checked={choice === "delete"} onChange={() => setChoice("delete")} />
            {t("delete.deleteAll", { count, tasks })}
          </label>
        </fieldset>
      )}
    </ConfirmDialog>
  );
}
