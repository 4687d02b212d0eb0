import { CircleUserRound, KanbanSquare, ListTodo, Tag, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLabels, useMembers } from "@/web/features/team/api/team-queries";
import type { PaletteAction } from "../palette-action";

/** The board, My tasks and every task; each label and each person opens the tasks list filtered by it. */
export function useTeamActions(): PaletteAction[] {
  const { t } = useTranslation("palette");
  const navigate = useNavigate();
  const labels = useLabels().data ?? [];
  const members = useMembers().data ?? [];
  return [
    { id: "nav:board", group: "navigation", label: t("team.board"), icon: KanbanSquare, keywords: ["kanban", "board"], run: () => void navigate("/app/board") },
    { id: "nav:my-tasks", group: "navigation", label: t("team.myTasks"), icon: CircleUserRound, keywords: ["mine", "assigned"], run: () => void navigate("/app/my-tasks") },
    { id: "nav:all-tasks", group: "navigation", label: t("team.allTasks"), icon: ListTodo, keywords: ["tasks", "list"], run: () => void navigate("/app/tasks") },
    ...labels.map((l): PaletteAction => ({ id: `label:${l.id}`, group: "tasks", label: t("team.label", { name: l.name }), icon: Tag, color: l.color, keywords: [l.name, "label"], run: () => void navigate(`/app/tasks?label_id=${l.id}`) })),
    ...members.map((m): PaletteAction => ({ id: `person:${m.user_id}`, group: "tasks", label: t("team.person", { name: m.name }), hint: m.email, icon: UserRound, keywords: [m.name, m.email, "assignee"], run: () => void navigate(`/app/tasks?assignee=${m.user_id}`) })),
  ];
}
