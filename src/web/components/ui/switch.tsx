import type { ComponentProps } from "react";
import { cn } from "@/web/lib/cn";

type SwitchProps = Omit<ComponentProps<"button">, "onClick" | "role"> & { checked: boolean; onCheckedChange: (checked: boolean) => void };

/** An on/off switch that screen readers announce as one (role="switch" with aria-checked); Space and Enter toggle it. */
export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-60",
        checked ? "bg-primary" : "bg-muted-foreground/30",
        className,
      )}
      {...props}
    >
      <span aria-hidden className={cn("inline-block size-5 rounded-full bg-background shadow transition-transform", checked ? "translate-x-5.5" : "translate-x-0.5")} />
    </button>
  );
}
