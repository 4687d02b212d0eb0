/** The server writes APP_NAME into a meta tag; the Vite dev server leaves the placeholder. */
export function appName(): string {
  const value = document.querySelector('meta[name="app-name"]')?.getAttribute("content");
  return value && !value.startsWith("%") ? value : "We Love HQ";
}
