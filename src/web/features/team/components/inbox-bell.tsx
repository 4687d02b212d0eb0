import { Bell } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { useUnread } from "../api/inbox";

// The list loads on the first click: the shell carries only the button and its count.
const InboxPanel = lazy(() => import("./inbox-panel").then((m) => ({ default: m.InboxPanel })));

/** The header's bell: the unread count, live (the change feed refetches it when this user's inbox changes). */
export function InboxBell({ orgId }: { orgId: string }) {
  const { t } = useTranslation("shell");
  const [open, setOpen] = useState(false);
  const unread = useUnread(orgId).data ?? 0;
  return (
    <div className="relative">
      <Button variant="ghost" size="icon" className="relative" aria-label={t("inbox.bell", { count: unread })} aria-expanded={open} aria-haspopup="dialog" data-unread={unread} onClick={() => setOpen((o) => !o)}>
        <Bell aria-hidden />
        {unread > 0 && (
          <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-destructive-foreground" aria-hidden>
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <InboxPanel orgId={orgId} unread={unread} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
