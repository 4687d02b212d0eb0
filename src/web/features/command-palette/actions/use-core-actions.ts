import "@/web/features/command-palette/palette-i18n";
import { FileUp, FolderPlus, Home, ListPlus, Mail, Plug, Rocket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useTaskDialog } from "@/web/features/tasks/components/task-dialog-context";
import type { PaletteAction } from "../palette-action";

// The spec's pause before scrolling to the Gmail card: the integrations page renders first.
const SCROLL_DELAY_MS = 100;

/** Actions and Navigation: always present. */
export function useCoreActions(): PaletteAction[] {
  const { t } = useTranslation("palette");
  const navigate = useNavigate();
  const { openTaskDialog } = useTaskDialog();
  return [
    { id: "new-project", group: "actions", label: t("actions.newProject"), icon: FolderPlus, keywords: ["create", "plane"], run: () => navigate("/app/planes") },
    { id: "new-task", group: "actions", label: t("actions.newTask"), icon: ListPlus, keywords: ["create", "todo", "add"], run: () => openTaskDialog() },
    { id: "import-tasks", group: "actions", label: t("actions.importTasks"), icon: FileUp, keywords: ["csv", "spreadsheet", "excel", "upload"], run: () => navigate("/app/import") },
    { id: "open-today", group: "navigation", label: t("actions.openToday"), icon: Home, keywords: ["dashboard", "command center", "tasks"], run: () => navigate("/app/dashboard") },
    { id: "view-planes", group: "navigation", label: t("actions.viewPlanes"), icon: Rocket, keywords: ["spaces", "projects"], run: () => navigate("/app/planes") },
    {
      id: "connect-gmail",
      group: "navigation",
      label: t("actions.connectGmail"),
      icon: Mail,
      keywords: ["email", "google", "integration"],
      run: () => {
        navigate("/app/integrations");
        setTimeout(() => document.getElementById("gmail")?.scrollIntoView({ behavior: "smooth", block: "center" }), SCROLL_DELAY_MS);
      },
    },
    { id: "open-integrations", group: "navigation", label: t("actions.openIntegrations"), icon: Plug, keywords: ["connections", "apps"], run: () => navigate("/app/integrations") },
  ];
}
