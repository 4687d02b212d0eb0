import { createContext, useContext, type ReactNode } from "react";
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/cn";
import { useFirstAnswers } from "@/web/lib/use-first-answers";

const Shown = createContext(true);

/** Whether the parts inside a ShownWhenLoaded are shown yet (true outside one). */
export const useShown = () => useContext(Shown);

/**
 * Lays its children out unseen, under one spinner, until the page's first answers are in
 * (use-first-answers.ts): they are there (an address's #card can be found and scrolled to) but
 * nothing moves in view as each part's data arrives. It holds that state itself, so turning shown
 * renders this wrapper and what reads useShown(), not the page's cards again: on the integrations,
 * a page-wide render was one of the longest tasks of the load.
 */
export function ShownWhenLoaded({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const shown = useFirstAnswers();
  return (
    <div className={cn("relative", className, !shown && "invisible")} aria-busy={!shown || undefined}>
      {!shown && (
        <div className="visible absolute inset-x-0 top-0 flex justify-center p-10">
          <Spinner label={label} />
        </div>
      )}
      <Shown.Provider value={shown}>{children}</Shown.Provider>
    </div>
  );
}
