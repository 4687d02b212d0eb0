import { cn } from "@/web/lib/cn";

/** A short state word for a card: good, bad or neither (unknown, checking). */
export function StatePill({ tone, children }: { tone: "good" | "bad" | "neutral"; children: string }) {
  const colours = { good: "bg-emerald-700 text-white", bad: "bg-destructive text-white", neutral: "bg-secondary text-secondary-foreground" };
  return <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", colours[tone])}>{children}</span>;
}
