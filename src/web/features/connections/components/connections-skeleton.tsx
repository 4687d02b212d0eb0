/** Card-shaped placeholders while the list loads, so the grid does not jump. */
export function ConnectionsSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="h-48 animate-pulse rounded-xl bg-muted" aria-hidden />
      ))}
    </div>
  );
}
