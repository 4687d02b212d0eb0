import "@/web/features/projects/projects-i18n";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { createProjectInput, type Project } from "@/shared/work";
import { DraftRestoredNote } from "@/web/components/draft-restored-note";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { NativeSelect } from "@/web/components/ui/native-select";
import { FormField } from "@/web/features/auth/form-field";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { useDraft, useDraftOnOpen } from "@/web/lib/drafts";
import { isWaitingForNetwork } from "@/web/lib/offline";
import { planesQuery } from "@/web/features/planes/api/get-planes";
import { useCreateProject } from "../api/mutate-projects";
import { fieldErrorsOf, formFailureOf, noFailure, type FormFailure } from "@/web/lib/form-errors";
import { PlanLimitAlert } from "./plan-limit-alert";
import { emptyProjectDraft, ProjectFields, type ProjectDraft } from "./project-fields";

/** onCreated replaces the default of opening the new project's page. */
const DRAFT_KEY = "project:new";

type ProjectCreateDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; planeId?: string; onCreated?: (project: Project) => void };


/** Creates a project from anywhere: the sidebar's quick action, the planes and a plane's page. */
export function ProjectCreateDialog({ open, onOpenChange, planeId, onCreated }: ProjectCreateDialogProps) {
  const { t } = useTranslation("projects");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  // Fetched only while open: the sidebar keeps this dialog mounted on every /app screen.
  const planes = useQuery({ ...planesQuery(useOrgId()), enabled: open });
  const create = useCreateProject();
  const [planeChoice, setPlaneChoice] = useState("");
  const [draft, setDraft] = useState<ProjectDraft>(emptyProjectDraft);
  const [failure, setFailure] = useState<FormFailure>(noFailure);
  useDraft(open ? DRAFT_KEY : null, { ...draft, plane_id: planeChoice });
  // What was being typed when the session ended comes back once, after signing in again.
  const saved = useDraftOnOpen(open, DRAFT_KEY, () => ({ ...emptyProjectDraft, plane_id: planeId ?? "" }));

  useEffect(() => {
    if (!saved) return;
    const { plane_id, ...fields } = saved.fields;
    setDraft({ ...fields, status: emptyProjectDraft.status });
    setFailure(noFailure);
    setPlaneChoice(plane_id);
  }, [saved]);

  const selectedPlane = planeChoice || planes.data?.[0]?.id || "";
  const change = (next: ProjectDraft) => {
    setDraft(next);
    setFailure(noFailure);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createProjectInput.safeParse({ ...draft, plane_id: selectedPlane });
    if (!parsed.success) return setFailure({ ...noFailure, fields: fieldErrorsOf(parsed.error) });
    try {
      const project = await create.mutateAsync(parsed.data);
      toast.success(t("create.created", { name: project.name }));
      onOpenChange(false);
      if (onCreated) onCreated(project);
      else void navigate(`/app/projects/${project.id}`);
    } catch (error) {
      setFailure(formFailureOf(error, t("errors.failed")));
    }
  };

  const hasNoPlanes = planes.isSuccess && planes.data.length === 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("create.title")}</DialogTitle>
          <DialogDescription>{t("create.description")}</DialogDescription>
        </DialogHeader>
        {hasNoPlanes ? (
          <Alert>
            <p>{t("create.noPlanes")}</p>
            <Link to="/app/planes" onClick={() => onOpenChange(false)} className="mt-1 inline-block font-medium underline underline-offset-4">
              {t("create.goToPlanes")}
            </Link>
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            {saved?.isRestored && <DraftRestoredNote />}
            {isWaitingForNetwork(planes) && <Alert role="status">{tc("offline.loading")}</Alert>}
            {failure.isPlanLimit && failure.message && <PlanLimitAlert message={failure.message} />}
            {!failure.isPlanLimit && failure.message && <Alert variant="destructive">{failure.message}</Alert>}
            <FormField id="project-plane" label={t("fields.plane")} error={failure.fields.plane_id}>
              <NativeSelect value={selectedPlane} onChange={(e) => setPlaneChoice(e.target.value)}>
                {!planes.data?.length && <option value="">{t("fields.choosePlane")}</option>}
                {planes.data?.map((plane) => (
                  <option key={plane.id} value={plane.id}>
                    {plane.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <ProjectFields idPrefix="project-create" draft={draft} onChange={change} errors={failure.fields} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {tc("cancel")}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? t("create.saving") : t("create.submit")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
