export function ProjectPage() {
  return <h1 className="text-2xl font-semibold">Project</h1>;
}
