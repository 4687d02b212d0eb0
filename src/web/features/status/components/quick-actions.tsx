import { Bot, FlaskConical, ToggleLeft } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import type { Viewer } from "../api/get-viewer";

/** Smoke tests for everyone; the agents console for any session; feature flags for role exactly owner (spec §6). */
export function QuickActions({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation("status");
  return (
    <nav aria-labelledby="quick-actions-title" className="grid gap-3">
      <h2 id="quick-actions-title" className="text-lg font-semibold">
        {t("actions.title")}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to="/smoke">
            <FlaskConical aria-hidden />
            {t("actions.smoke")}
          </Link>
        </Button>
        {viewer.isSignedIn && (
          <Button asChild variant="outline">
            <Link to="/app/agents">
              <Bot aria-hidden />
              {t("actions.agents")}
            </Link>
          </Button>
        )}
        {viewer.isSignedIn && viewer.role === "owner" && (
          <Button asChild variant="outline">
            <Link to="/app/admin/flags">
              <ToggleLeft aria-hidden />
              {t("actions.flags")}
            </Link>
          </Button>
        )}
      </div>
    </nav>
  );
}
