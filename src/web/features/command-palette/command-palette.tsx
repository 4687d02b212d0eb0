import { lazy, Suspense, useCallback, useState } from "react";
import { usePaletteShortcut } from "./use-palette-shortcut";

// The dialog, its search and Radix's Dialog load on the first Ctrl+K, not with every /app screen.
const CommandPaletteDialog = lazy(() => import("./command-palette-dialog"));

/** Always mounted in the shell: Ctrl+K toggles the palette from anywhere. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
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
