import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { whenIdle } from "@/web/lib/when-idle";
import { usePaletteShortcut } from "./use-palette-shortcut";

// The dialog, its search and Radix's Dialog load once the page is idle (in time for Ctrl+K offline),
// not with every /app screen's first render.
const loadDialog = () => import("./command-palette-dialog");
const CommandPaletteDialog = lazy(loadDialog);

/** Always mounted in the shell: Ctrl+K toggles the palette from anywhere. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => void loadDialog().catch(() => undefined)), []);
  usePaletteShortcut(
    useCallback(() => {
      setWanted(true);
      setOpen((was) => !was);
    }, []),
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CommandPaletteDialog open={open} setOpen={setOpen} />
    </Suspense>
  );
}
