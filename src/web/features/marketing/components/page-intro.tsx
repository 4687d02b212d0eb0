import type { ReactNode } from "react";

/** The one <h1> of a public page, with its lead paragraph. */
export function PageIntro({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <div className="border-b bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</p>
        {children}
      </div>
    </div>
  );
}
