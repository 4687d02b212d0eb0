import { Outlet } from "react-router";
import { ThemedToaster } from "./lazy-page";

/**
 * Wraps /auth and /app: one toaster for both, so "Successfully signed in" survives the move to
 * /app. It is in the entry but tiny; the toaster's code loads beside the page's, never on the
 * public pages. The query cache is the app's alone (query-provider.tsx).
 */
export function AppProviders() {
  return (
    <>
      <Outlet />
      <ThemedToaster />
    </>
  );
}
