import "./team-i18n";

// The side panel with its text, as the shell loads it (app-layout.tsx).
export { TaskPanel } from "./components/task-panel";
