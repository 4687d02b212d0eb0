import type { ComponentProps } from "react";
import { cn } from "@/web/lib/cn";

export function Alert({ className, variant = "default", ...props }: ComponentProps<"div"> & { variant?: "default" | "destructive" }) {
  return (
    <div
      role="alert"
      className={cn(
        "rounded-md border px-4 py-3 text-sm",
        variant === "destructive" ? "border-destructive/50 bg-destructive/10 text-destructive" : "bg-muted text-foreground",
        className,
      )}
      {...props}
    />
  );
}
