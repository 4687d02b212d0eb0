import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { InboxItem } from "@/shared/inbox";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/format";
import { useInbox, useMarkRead } from "../api/inbox";

/** The inbox under the bell: newest first, mark one read by opening it, or all at once. Esc or a click outside closes it. */
export function InboxPanel({ orgId, unread, onClose }: { orgId: string; unread: number; onClose: () => void }) {
  const { t } = useTranslation("shell");
  const inbox = useInbox(orgId, true);
  const markRead = useMarkRead(orgId);
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    const onDown = (e: PointerEvent) => !ref.current?.parentElement?.contains(e.target as Node) && onClose();
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onDown);
    return () => (window.removeEventListener("keydown", onKey), window.removeEventListener("pointerdown", onDown));
  }, [onClose]);
  const open = (item: InboxItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    onClose();
    if (item.task_id) void navigate(`/app/tasks/${item.task_id}`);
  };
  return (
    <div ref={ref} tabIndex={-1} role="dialog" aria-label={t("inbox.title")} className="absolute right-0 top-full z-50 mt-2 w-96 max-w-[calc(100vw-2rem)] rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg outline-none">
      <div className="flex flex-wrap items-center justify-between gap-1 px-2 py-1.5">
        <h2 className="text-sm font-semibold">{t("inbox.title")}</h2>
        <Button variant="ghost" size="sm" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>
          {t("inbox.markAll")}
        </Button>
      </div>
      {inbox.data?.notifications.length === 0 && <p className="px-2 py-3 text-sm text-muted-foreground">{t("inbox.empty")}</p>}
      <ul className="max-h-96 overflow-y-auto">
        {inbox.data?.notifications.map((n) => (
          <li key={n.id}>
            <button type="button" onClick={() => open(n)} className={cn("grid w-full gap-0.5 rounded-md px-2 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none", !n.read && "font-medium")} data-notification={n.kind}>
              <span>{t(`inbox.kind.${n.kind}`, { actor: n.actor_name ?? t("inbox.someone"), title: n.task_title ?? "" })}</span>
              <time className="text-xs text-muted-foreground" dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
