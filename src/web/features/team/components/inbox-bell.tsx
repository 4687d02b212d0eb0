import * as Menu from "@radix-ui/react-dropdown-menu";
import { Bell } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { InboxItem } from "@/shared/inbox";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/format";
import { useInbox, useMarkRead, useUnread } from "../api/inbox";

/**
 * The header's bell: the unread count (live: the change feed refetches it when this user's inbox
 * changes), and the inbox in a menu with mark read and mark all read.
 */
export function InboxBell({ orgId }: { orgId: string }) {
  const { t } = useTranslation("shell");
  const [open, setOpen] = useState(false);
  const unread = useUnread(orgId).data ?? 0;
  const inbox = useInbox(orgId, open);
  const markRead = useMarkRead(orgId);
  const navigate = useNavigate();
  const openItem = (item: InboxItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    if (item.task_id) void navigate(`/app/tasks/${item.task_id}`);
  };
  return (
    <Menu.Root open={open} onOpenChange={setOpen}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={t("inbox.bell", { count: unread })} data-unread={unread}>
          <Bell aria-hidden />
          {unread > 0 && (
            <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-destructive-foreground" aria-hidden>
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className="z-50 w-80 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg">
          <div className="flex items-center justify-between px-2 py-1.5">
            <Menu.Label className="text-sm font-semibold">{t("inbox.title")}</Menu.Label>
            <Button variant="ghost" size="sm" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>
              {t("inbox.markAll")}
            </Button>
          </div>
          {inbox.data?.notifications.length === 0 && <p className="px-2 py-3 text-sm text-muted-foreground">{t("inbox.empty")}</p>}
          {inbox.data?.notifications.map((n) => (
            <Menu.Item key={n.id} onSelect={() => openItem(n)} className={cn("grid cursor-pointer gap-0.5 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-accent", !n.read && "font-medium")}>
              <span>{t(`inbox.kind.${n.kind}`, { actor: n.actor_name ?? t("inbox.someone"), title: n.task_title ?? "" })}</span>
              <time className="text-xs text-muted-foreground" dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
