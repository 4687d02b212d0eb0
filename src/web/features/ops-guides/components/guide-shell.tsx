import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ThemedToaster } from "@/web/app/lazy-page";
import { queryClient } from "@/web/lib/query-client";

/**
 * The guides are public pages: they bring the query cache and the toaster themselves (the public
 * layout has neither), so both load with these pages' chunks and never with the landing page.
 */
export function GuideShell({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <div className="mx-auto grid w-full max-w-5xl gap-8 px-6 py-12">
        <header className="grid gap-2">
          <h1 className="text-3xl font-semibold">{title}</h1>
          <p className="text-muted-foreground">{subtitle}</p>
        </header>
        {children}
      </div>
      <ThemedToaster />
    </QueryClientProvider>
  );
}

/** A titled part of a guide, named for screen readers by its heading. */
export function GuideSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 rounded-xl border bg-card p-5">
      <div className="grid gap-1">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title}
        </h2>
        {intro && <p className="text-sm text-muted-foreground">{intro}</p>}
      </div>
      {children}
    </section>
  );
}
