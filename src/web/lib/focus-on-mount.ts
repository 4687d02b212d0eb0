/**
 * `ref={focusOnMount}` instead of `autoFocus`: React focused an autoFocus field itself when it
 * mounted, Preact only writes the attribute, which a browser honours on page load and not for a
 * field a dialog adds later (docs/decisions/024-preact-in-the-browser.md). Focused before the
 * dialog's focus trap looks, the field keeps the focus instead of the dialog's close button.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
