import * as Tooltip from "@radix-ui/react-tooltip";
import { useState, type ComponentProps } from "react";

/**
 * Radix's Tooltip.Root with its open state held here. Left to itself, Radix announces an opening
 * (the event that closes every other tooltip) from an effect after the render; under Preact
 * (docs/decisions/024-preact-in-the-browser.md) the new content has subscribed by then and closes
 * itself at once. Controlled, the announcement happens in the focus or hover handler, before the
 * content exists.
 */
export function TooltipRoot(props: Omit<ComponentProps<typeof Tooltip.Root>, "open" | "onOpenChange" | "defaultOpen">) {
  const [open, setOpen] = useState(false);
  return <Tooltip.Root {...props} open={open} onOpenChange={setOpen} />;
}
