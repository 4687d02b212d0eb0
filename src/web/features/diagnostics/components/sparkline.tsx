const WIDTH = 240;
const HEIGHT = 40;

/**
 * One value per minute as a line, drawn in inline SVG (no chart library for one line). It is
 * decoration: the figures it draws are said in `label`, which screen readers get instead.
 */
export function Sparkline({ values, label, className = "text-primary" }: { values: number[]; label: string; className?: string }) {
  const peak = Math.max(1, ...values);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : WIDTH;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(HEIGHT - 2 - (v / peak) * (HEIGHT - 4)).toFixed(1)}`).join(" ");
  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className={`h-10 w-full ${className}`} aria-hidden focusable="false" data-sparkline>
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
