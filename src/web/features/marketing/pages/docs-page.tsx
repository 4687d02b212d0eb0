export function DocsPage() {
  return <h1 className="p-8 text-3xl font-semibold">DocsPage</h1>;
}
