export function PricingPage() {
  return <h1 className="p-8 text-3xl font-semibold">PricingPage</h1>;
}
