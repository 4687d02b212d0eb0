import "@/web/features/planes/planes-i18n";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { createPlaneInput, planeTypes, type Plane } from "@/shared/work";
import { DraftRestoredNote } from "@/web/components/draft-restored-note";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { FormField } from "@/web/features/auth/form-field";
import { ApiError } from "@/web/lib/api";
import { useDraft, useDraftOnOpen } from "@/web/lib/drafts";
import { errorMessage } from "@/web/lib/error-message";
import { localizeValidationMessage } from "@/web/lib/validation-messages";
import { useCreatePlane, useUpdatePlane } from "../api/mutate-planes";
import { isPlaneType, type PlaneType } from "./plane-type-badge";

type PlaneFormDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; plane?: Plane };

/** Creates a plane, or renames the one given. */
export function PlaneFormDialog({ open, onOpenChange, plane }: PlaneFormDialogProps) {
  const { t } = useTranslation("planes");
  const { t: tc } = useTranslation();
  const create = useCreatePlane();
  const update = useUpdatePlane();
  const [name, setName] = useState("");
  const [type, setType] = useState<PlaneType>("work");
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const draftKey = `plane:${plane?.id ?? "new"}`;
  useDraft(open ? draftKey : null, { name, type });
  // What was being typed when the session ended comes back once, after signing in again.
  const saved = useDraftOnOpen(open, draftKey, () => ({ name: plane?.name ?? "", type: plane && isPlaneType(plane.type) ? plane.type : "work" }));

  useEffect(() => {
    if (!saved) return;
    setName(saved.fields.name);
    setType(isPlaneType(saved.fields.type) ? saved.fields.type : "work");
    setError(undefined);
    setFormError(null);
  }, [saved]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createPlaneInput.safeParse({ name, type });
    if (!parsed.success) return setError(parsed.error.issues[0] && localizeValidationMessage(parsed.error.issues[0].message));
    try {
      if (plane) {
        await update.mutateAsync({ planeId: plane.id, name: parsed.data.name, type: parsed.data.type });
        toast.success(t("form.renamed"));
      } else {
        const created = await create.mutateAsync(parsed.data);
        toast.success(t("form.created", { name: created.name }));
      }
      onOpenChange(false);
    } catch (e) {
      if (e instanceof ApiError && e.fields?.name) setError(e.fields.name);
      else setFormError(errorMessage(e, tc, { fallback: t("form.failed"), isWrite: true }));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")}>
        <DialogHeader>
          <DialogTitle>{plane ? t("form.renameTitle") : t("form.createTitle")}</DialogTitle>
          <DialogDescription>{plane ? t("form.renameDescription") : t("form.createDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {saved?.isRestored && <DraftRestoredNote />}
          {formError && <Alert variant="destructive">{formError}</Alert>}
          <FormField id="plane-name" label={t("form.name")} error={error}>
            <Input value={name} maxLength={120} placeholder={t("form.namePlaceholder")} onChange={(e) => (setName(e.target.value), setError(undefined))} />
          </FormField>
          <FormField id="plane-type" label={t("form.type")}>
            <NativeSelect value={type} onChange={(e) => isPlaneType(e.target.value) && setType(e.target.value)}>
              {planeTypes.map((value) => (
                <option key={value} value={value}>
                  {t(`types.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t("form.saving") : plane ? t("form.save") : t("form.create")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
