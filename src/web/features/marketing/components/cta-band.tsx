import type { ReactNode } from "react";

/** A closing call to action: an <h2>, a sentence and buttons. */
export function CtaBand({ id, title, body, children }: { id: string; title: string; body: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16">
      <div className="rounded-2xl border bg-card px-6 py-10 text-center shadow-sm sm:px-12">
        <h2 id={id} className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{body}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
      </div>
    </section>
  );
}
