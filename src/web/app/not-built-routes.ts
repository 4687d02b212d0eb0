// Screens later issues build; each has a page now (router.tsx) so no link in the shell is dead,
// and the sidebar marks its links to them 'Soon' (layouts/nav-items.ts). [path, title key].
export const publicLater: [string, string][] = [];
export const appLater: [string, string][] = [];

/** Every address whose page is not built yet, as a link names it ("/status", "/app/agents"). */
export const notBuiltPaths: ReadonlySet<string> = new Set([...publicLater.map(([path]) => `/${path}`), ...appLater.map(([path]) => `/app/${path}`)]);
