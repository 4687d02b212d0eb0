import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";

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

/** A card's body from a query: a spinner while it loads, `failed` without an answer, else `children(data)`. */
export function QueryBody<T>({ query, failed, children }: { query: UseQueryResult<T>; failed: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation("status");
  if (query.isPending) return <Spinner label={t("state.checking")} className="size-4" />;
  if (query.data === undefined) return <p>{failed}</p>;
  return children(query.data);
}
