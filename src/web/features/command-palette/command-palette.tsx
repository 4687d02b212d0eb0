export function CommandPalette() {
  return null;
}
