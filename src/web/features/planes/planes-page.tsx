export function PlanesPage() {
  return <h1 className="text-2xl font-semibold">Planes</h1>;
}
