import { useEffect, useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import "../integration-cards-i18n";
import { allowedSenderEntry, updateProjectMailInput, type ProjectMailAddress } from "@/shared/inbound-mail";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/textarea";
import { api } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { toast } from "@/web/lib/toast";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

const linesOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Who besides members may mail a project: one address or @domain per line. Checked here with the
 * server's own schema, so a typo is named in the reader's language before anything is sent; the
 * server checks again. Members who may not edit the project see the list only.
 */
export function AllowListEditor({ mail, queryKey, canEdit }: { mail: ProjectMailAddress; queryKey: readonly unknown[]; canEdit: boolean }) {
  const { t } = useTranslation("integrationCards");
  const { t: tc } = useTranslation();
  const orgId = useOrgId();
  const client = useQueryClient();
  const id = useId();
  const saved = mail.allowed_senders.join("\n");
  const [text, setText] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  // Another project chosen, or the list saved elsewhere: show what the server holds.
  useEffect(() => {
    setText(saved);
    setProblem(null);
  }, [mail.project_id, saved]);

  const save = useMutation({
    mutationFn: async (allowed: string[]) =>
      (await api<{ project_mail: ProjectMailAddress }>(orgPath(orgId, `/inbound-mail/projects/${mail.project_id}`), { method: "PATCH", body: { allowed_senders: allowed } })).project_mail,
    onSuccess: (updated) => {
      client.setQueryData(queryKey, updated);
      toast.success(t("mailToTask.allowListSaved"));
    },
    onError: (error) => setProblem(errorMessage(error, tc, { isWrite: true })),
  });

  const submit = () => {
    const lines = linesOf(text);
    const bad = lines.find((line) => !allowedSenderEntry.safeParse(line).success);
    if (bad) return setProblem(t("mailToTask.allowListInvalid", { entry: bad }));
    const parsed = updateProjectMailInput.safeParse({ allowed_senders: lines });
    if (!parsed.success) return setProblem(t("mailToTask.allowListTooMany", { max: 100 }));
    setProblem(null);
    save.mutate(parsed.data.allowed_senders);
  };

  if (!canEdit) {
    return (
      <p className="text-muted-foreground" data-testid="mail-allow-list">
        {mail.allowed_senders.length ? t("mailToTask.allowListIs", { list: mail.allowed_senders.join(", ") }) : t("mailToTask.allowListEmpty")}
      </p>
    );
  }
  return (
    <form
      className="grid gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-list`}>{t("mailToTask.allowListLabel")}</label>
      <Textarea
        id={`${id}-list`}
        rows={3}
        value={text}
        placeholder={t("mailToTask.allowListPlaceholder")}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
        onChange={(e) => setText(e.target.value)}
      />
      <p id={`${id}-hint`} className="text-muted-foreground">
        {t("mailToTask.allowListHint")}
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-destructive">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={save.isPending || text === saved}>
          {save.isPending ? t("mailToTask.allowListSaving") : t("mailToTask.allowListSave")}
        </Button>
      </div>
    </form>
  );
}
