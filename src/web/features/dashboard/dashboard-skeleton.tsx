import { cn } from "@/web/lib/cn";

export const SkeletonBlock = ({ className }: { className?: string }) => <div className={cn("animate-pulse rounded-md bg-muted", className)} aria-hidden />;

/** Task rows while a tab loads: the same height as real rows, so nothing jumps. */
export function TaskListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="divide-y">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-start gap-3 py-3">
          <SkeletonBlock className="size-5 rounded-full" />
          <div className="grid flex-1 gap-2">
            <SkeletonBlock className="h-4 w-2/3" />
            <SkeletonBlock className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function DashboardSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <SkeletonBlock key={i} className={cn("h-28 rounded-xl", i === 0 && "col-span-2 lg:col-span-1")} />
        ))}
      </div>
      <SkeletonBlock className="h-72 rounded-xl" />
    </div>
  );
}
