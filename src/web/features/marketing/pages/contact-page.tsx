export function ContactPage() {
  return <h1 className="p-8 text-3xl font-semibold">ContactPage</h1>;
}
