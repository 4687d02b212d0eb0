export function TermsPage() {
  return <h1 className="p-8 text-3xl font-semibold">TermsPage</h1>;
}
