import { CheckSquare, Folder } from "lucide-react";
import { useNavigate } from "react-router";
import { useSearch } from "@/web/features/search/api/search";
import { useTaskDialog } from "@/web/features/tasks/components/task-dialog-context";
import type { PaletteAction } from "../palette-action";

/** Tasks and projects whose names contain the (debounced) text; empty until something is typed. */
export function useSearchActions(query: string): { actions: PaletteAction[]; isFetching: boolean } {
  const navigate = useNavigate();
  const { openTaskDialog } = useTaskDialog();
  const search = useSearch(query);
  const text = query.trim();
  if (!text || !search.data) return { actions: [], isFetching: search.isFetching };
  // Fresh results were matched by the server: the query as a keyword keeps cmdk's own filter from
  // hiding them. The previous query's results, shown while fetching, must earn their place.
  const matched = search.isPlaceholderData ? [] : [text];
  const tasks: PaletteAction[] = search.data.tasks.map((task) => ({
    id: `task:${task.id}`,
    group: "tasks",
    label: task.title,
    hint: task.projects.name,
    color: task.projects.color,
    icon: CheckSquare,
    keywords: [...matched, task.projects.name],
    run: () => openTaskDialog(task),
  }));
  const projects: PaletteAction[] = search.data.projects.map((project) => ({
    id: `project:${project.id}`,
    group: "projects",
    label: project.name,
    color: project.color,
    icon: Folder,
    keywords: matched,
    run: () => navigate(`/app/projects/${project.id}`),
  }));
  return { actions: [...tasks, ...projects], isFetching: search.isFetching };
}
