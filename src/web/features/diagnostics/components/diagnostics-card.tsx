import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";

/** A titled region, so each card is a landmark a screen reader can jump to. */
export function DiagnosticsCard({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-card={id} className="min-w-0">
      <CardHeader className="pb-3">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">{children}</CardContent>
    </Card>
  );
}

/** A table that scrolls sideways on a narrow screen instead of the page; keyboard users reach the scroll by its focus. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={label}>
      <table className="w-full border-collapse text-left text-sm">{children}</table>
    </div>
  );
}

export const thClass = "border-b px-2 py-1.5 font-medium text-muted-foreground";
export const tdClass = "border-b px-2 py-1.5 align-top";
export const numClass = "text-right tabular-nums";
