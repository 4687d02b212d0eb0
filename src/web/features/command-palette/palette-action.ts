import type { LucideIcon } from "lucide-react";

/** The palette's groups, in the order they are shown. */
export const paletteGroups = ["actions", "navigation", "tasks", "projects", "planes", "organisations"] as const;
export type PaletteGroup = (typeof paletteGroups)[number];

/**
 * One thing the palette can do. Features contribute these through hooks; the palette only lists
 * and runs them. `run` is called after the palette has closed, so it may open another dialog.
 */
export type PaletteAction = {
  id: string;
  group: PaletteGroup;
  label: string;
  hint?: string;
  keywords?: string[];
  icon?: LucideIcon;
  color?: string;
  isCurrent?: boolean;
  run: () => void;
};
