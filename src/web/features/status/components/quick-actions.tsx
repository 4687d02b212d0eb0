import { Bot, FlaskConical, ToggleLeft, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import type { Viewer } from "../api/get-viewer";

type Action = { to: string; icon: LucideIcon; label: "actions.smoke" | "actions.agents" | "actions.flags"; shownTo: (viewer: Viewer) => boolean };

/** Smoke tests for a visitor (the page asks them to sign in) and the platform's operators; the agents console for any session; feature flags for role exactly owner (spec §6). */
const actions: Action[] = [
  { to: "/smoke", icon: FlaskConical, label: "actions.smoke", shownTo: (viewer) => !viewer.isSignedIn || viewer.operator },
  { to: "/app/agents", icon: Bot, label: "actions.agents", shownTo: (viewer) => viewer.isSignedIn },
  { to: "/app/admin/flags", icon: ToggleLeft, label: "actions.flags", shownTo: (viewer) => viewer.isSignedIn && viewer.role === "owner" },
];

export function QuickActions({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation("status");
  return (
    <nav aria-labelledby="quick-actions-title" className="grid gap-3">
      <h2 id="quick-actions-title" className="text-lg font-semibold">
        {t("actions.title")}
      </h2>
      <div className="flex flex-wrap gap-2">
        {actions
          .filter((action) => action.shownTo(viewer))
          .map(({ to, icon: Icon, label }) => (
            <Button key={to} asChild variant="outline">
              <Link to={to}>
                <Icon aria-hidden />
                {t(label)}
              </Link>
            </Button>
          ))}
      </div>
    </nav>
  );
}
