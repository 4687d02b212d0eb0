import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";

/** One card of the page: a titled region, so each is a landmark a screen reader can jump to. */
export function StatusCard({ title, id, badge, children }: { title: string; id: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-card={id}>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-3">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        {badge}
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">{children}</CardContent>
    </Card>
  );
}

/** A label and its value, in a definition list the card holds. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}
