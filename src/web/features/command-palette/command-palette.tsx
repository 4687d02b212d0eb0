import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { whenScreenSettled } from "@/web/lib/screen-settled";
import { usePaletteShortcut } from "./use-palette-shortcut";

// The dialog, its search and Radix's Dialog load once the first screen has settled, not before it:
// in time for Ctrl+K (offline too), without any /app screen waiting for them.
const loadDialog = () => import("./command-palette-dialog");
const CommandPaletteDialog = lazy(loadDialog);

/** Always mounted in the shell: Ctrl+K toggles the palette from anywhere. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenScreenSettled(() => void loadDialog().catch(() => undefined)), []);
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
