import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/** The sidebar on a phone: a drawer from the left, a modal dialog while open. */
export default function SidebarDrawer({ label, open, onOpenChange, children }: { label: string; open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-[var(--sidebar-width-mobile)] flex-col bg-sidebar text-sidebar-foreground shadow-xl" aria-describedby={undefined}>
          <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
          <nav aria-label={label} className="flex h-full flex-col" data-collapsed="false">
            {children}
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
