export function LandingPage() {
  return <h1 className="p-8 text-3xl font-semibold">LandingPage</h1>;
}
