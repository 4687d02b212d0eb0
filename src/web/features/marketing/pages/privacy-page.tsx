export function PrivacyPage() {
  return <h1 className="p-8 text-3xl font-semibold">PrivacyPage</h1>;
}
