import { useCallback } from "react";
import { useNavigate, useParams } from "react-router";
import "./team-i18n";
import { TaskView } from "./components/task-view";
import { useTranslation } from "react-i18next";

/** /app/tasks/:taskId: a task's own page, the address to share. Esc goes back. */
export function TaskPage() {
  const { taskId = "" } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation("team");
  const close = useCallback(() => void navigate(-1), [navigate]);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(taskId)) return <p className="p-6">{t("task.notFound")}</p>;
  return (
    <div className="mx-auto w-full max-w-5xl p-4 md:p-6">
      <TaskView taskId={taskId} onClose={close} />
    </div>
  );
}
