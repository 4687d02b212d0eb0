import { useState } from "react";
import { Trash2 } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { ConversationSummary } from "@/shared/chat";
import { LoadFailed } from "@/web/components/load-failed";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { chatKeys } from "../api/chat-keys";
import { useConversations } from "../api/get-conversations";
import { deleteConversation } from "../api/mutate-chat";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; currentId: string | null; onOpen: (id: string) => void; onDeleted: (id: string) => void };

/** The stored conversations: reopen one, or delete it after confirming. */
export function HistoryDialog({ open, onOpenChange, currentId, onOpen, onDeleted }: Props) {
  const { t } = useTranslation("chat");
  const { t: tc } = useTranslation();
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const conversations = useConversations("orchestrator", open);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteConversation(orgId, deleting.id);
      toast.success(t("history.deleted"));
      onDeleted(deleting.id);
      setDeleting(null);
    } catch (e) {
      toast.error(t("history.deleteFailed"), { description: errorMessage(e, tc) });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(orgId, "orchestrator") });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")} className="max-h-[80vh] grid-rows-[auto_1fr]">
        <DialogHeader>
          <DialogTitle>{t("history.title")}</DialogTitle>
          <DialogDescription>{t("history.description")}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 overflow-y-auto">
          {conversations.isPending && (
            <div role="status" aria-label={t("history.loading")} className="grid gap-2">
              {[0, 1, 2].map((i) => (
                <div key={i} aria-hidden className="h-12 animate-pulse rounded-md bg-muted" />
              ))}
            </div>
          )}
          {conversations.isError && <LoadFailed message={t("history.loadFailed")} onRetry={() => void conversations.refetch()} />}
          {conversations.data?.length === 0 && <p className="text-sm text-muted-foreground">{t("history.empty")}</p>}
          {conversations.data && conversations.data.length > 0 && (
            <ul aria-label={t("history.title")} className="grid gap-2">
              {conversations.data.map((c) => (
                <li key={c.id} className="flex items-center gap-2 rounded-md border p-2">
                  <button
                    type="button"
                    className="grid min-w-0 flex-1 rounded-sm text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    aria-current={c.id === currentId || undefined}
                    onClick={() => onOpen(c.id)}
                  >
                    <span className="truncate text-sm font-medium">{c.title}</span>
                    <span className="text-xs text-muted-foreground">
                      {formatDateTime(c.updated_at)}
                      {c.id === currentId && ` · ${t("history.current")}`}
                    </span>
                  </button>
                  <Button size="icon" variant="ghost" aria-label={t("history.delete", { title: c.title })} onClick={() => setDeleting(c)}>
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("history.deleteTitle")}
        description={t("history.deleteBody", { title: deleting?.title ?? "" })}
        confirmLabel={t("history.deleteConfirm")}
        cancelLabel={tc("cancel")}
        busy={busy}
        onConfirm={() => void remove()}
      />
    </Dialog>
  );
}
