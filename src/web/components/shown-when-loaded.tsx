import type { ReactNode } from "react";
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/cn";

/**
 * Lays its children out unseen, under one spinner, until `shown` (use-first-answers.ts): they are
 * there (an address's #card can be found and scrolled to) but nothing moves in view as each part's
 * data arrives.
 */
export function ShownWhenLoaded({ shown, label, className, children }: { shown: boolean; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("relative", className, !shown && "invisible")} aria-busy={!shown || undefined}>
      {!shown && (
        <div className="visible absolute inset-x-0 top-0 flex justify-center p-10">
          <Spinner label={label} />
        </div>
      )}
      {children}
    </div>
  );
}
