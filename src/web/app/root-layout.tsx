import { Outlet, ScrollRestoration } from "react-router";
import { DebugOverlay } from "./debug-overlay";
import { ErrorBoundary } from "./error-boundary";

export function RootLayout() {
  return (
    <ErrorBoundary>
      <Outlet />
      <DebugOverlay />
      <ScrollRestoration />
    </ErrorBoundary>
  );
}
