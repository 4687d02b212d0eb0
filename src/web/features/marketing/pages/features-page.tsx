export function FeaturesPage() {
  return <h1 className="p-8 text-3xl font-semibold">FeaturesPage</h1>;
}
