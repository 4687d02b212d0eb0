/** The server writes APP_NAME into a meta tag; the Vite dev server leaves the placeholder. */
export function appName(): string {
  // Prerendering (src/web/prerender/): the placeholder stays, and the server writes the name in as it does into index.html.
  if (typeof document === "undefined") return "%APP_NAME%";
  const value = document.querySelector('meta[name="app-name"]')?.getAttribute("content");
  return value && !value.startsWith("%") ? value : "We Love HQ";
}
