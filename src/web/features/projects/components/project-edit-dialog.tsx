import "@/web/features/projects/projects-i18n";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { projectStatuses, updateProjectInput, type Project } from "@/shared/work";
import { DraftRestoredNote } from "@/web/components/draft-restored-note";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { useDraft, useDraftOnOpen } from "@/web/lib/drafts";
import { useUpdateProject } from "../api/mutate-projects";
import { fieldErrorsOf, formFailureOf, noFailure, type FormFailure } from "@/web/lib/form-errors";
import { ProjectFields, type ProjectDraft } from "./project-fields";

const draftOf = (p: Project): ProjectDraft => ({
  name: p.name,
  color: p.color,
  status: (projectStatuses as readonly string[]).includes(p.status) ? (p.status as ProjectDraft["status"]) : "active",
  description: p.description ?? "",
  website_url: p.website_url ?? "",
});

export function ProjectEditDialog({ project, open, onOpenChange }: { project: Project; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("projects");
  const { t: tc } = useTranslation();
  const update = useUpdateProject();
  const [draft, setDraft] = useState<ProjectDraft>(() => draftOf(project));
  const [failure, setFailure] = useState<FormFailure>(noFailure);
  const draftKey = `project:${project.id}`;
  useDraft(open ? draftKey : null, draft);
  // What was being typed when the session ended comes back once, after signing in again. The form
  // is filled when it opens, not each time the project refetches behind it.
  const saved = useDraftOnOpen(open, draftKey, () => draftOf(project));

  useEffect(() => {
    if (!saved) return;
    const status = saved.fields.status;
    setDraft({ ...saved.fields, status: (projectStatuses as readonly string[]).includes(status) ? (status as ProjectDraft["status"]) : "active" });
    setFailure(noFailure);
  }, [saved]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProjectInput.safeParse(draft);
    if (!parsed.success) return setFailure({ ...noFailure, fields: fieldErrorsOf(parsed.error) });
    try {
      await update.mutateAsync({ projectId: project.id, ...parsed.data });
      toast.success(t("edit.saved"));
      onOpenChange(false);
    } catch (error) {
      setFailure(formFailureOf(error, t("errors.failed")));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("edit.title")}</DialogTitle>
          <DialogDescription>{t("edit.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {saved?.isRestored && <DraftRestoredNote />}
          {failure.message && <Alert variant="destructive">{failure.message}</Alert>}
          <ProjectFields idPrefix="project-edit" draft={draft} onChange={(d) => (setDraft(d), setFailure(noFailure))} errors={failure.fields} withStatus />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? t("edit.saving") : t("edit.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
