export function PlanePage() {
  return <h1 className="text-2xl font-semibold">Plane</h1>;
}
