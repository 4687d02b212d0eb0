/**
 * Applies the stored or the system theme before the first paint, so a dark-mode user never sees a
 * white flash. Written into every page's <head> as an inline script (scripts/vite/inline-theme-script.ts):
 * as a file it was a render-blocking request; the CSP allows exactly this text by its hash
 * (server/lib/security-headers.ts). The key is lib/storage-keys.ts' `theme`.
 */
export const THEME_INIT_SCRIPT =
  '(function(){try{var c=localStorage.getItem("theme");var d=c==="dark"||(c!=="light"&&window.matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}})();';
