import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { ErrorBoundary } from "./error-boundary";
import { lazyComponent } from "./lazy-page";

// Loaded only when asked for: the overlay brings the auth client and the query cache with it.
const DebugOverlay = lazyComponent(() => import("./debug-overlay"), (m) => m.DebugOverlay);

export function RootLayout() {
  const { search, key } = useLocation();
  const debug = new URLSearchParams(search).get("debug") === "1";
  // Each route has its own error element (router.tsx) inside its layout; this boundary only sees
  // what a layout itself throws, and a navigation clears it.
  return (
    <ErrorBoundary resetKey={key}>
      <Outlet />
      {debug && <DebugOverlay />}
      <ScrollRestoration />
    </ErrorBoundary>
  );
}
