import { useEffect } from "react";
import { useLocation, useNavigate, useRouteError } from "react-router";
import { copyErrorDetails, ErrorFallback } from "./error-boundary";

/**
 * Every route's errorElement (router.tsx): a failed page chunk or a page that throws shows here,
 * inside its layout, so the sidebar and header (or the public header and footer) stay. React
 * Router clears it on any navigation, Back included; Try Again navigates to the same address in
 * place, which clears it too and renders the page again, and the page's import() is called again
 * (lazy-page.tsx never keeps a failed one). No full reload.
 */
export function RouteError({ inline = true }: { inline?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => console.error("Route error", error), [error]);
  const retry = () => void navigate(location, { replace: true, preventScrollReset: true, state: location.state as unknown });
  return <ErrorFallback inline={inline} limit={Infinity} onRetry={retry} onCopy={() => void copyErrorDetails(error)} />;
}
