/**
 * The meta tag a prerendered page carries when the SPA is to take it over (the /auth form:
 * scripts/vite/prerender-public.ts writes it, public/auth-page.js reads it to load the SPA).
 */
export const SPA_ENTRY_META = "whq-spa-entry";

/** Whether this document is a prerendered page the SPA is taking over, rather than index.html. */
export const isTakingOver = () => typeof document !== "undefined" && document.querySelector(`meta[name="${SPA_ENTRY_META}"]`) !== null;
