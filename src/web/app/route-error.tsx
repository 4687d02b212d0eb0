import { useState } from "react";
import { useNavigate, useRouteError } from "react-router";
import { ErrorFallback } from "./error-boundary";

/** The router's errorElement: a failed lazy chunk or loader lands here instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const [retries, setRetries] = useState(0);
  console.error("Route error", error);
  return (
    <ErrorFallback
      retries={retries}
      onRetry={() => {
        setRetries((r) => r + 1);
        navigate(0);
      }}
    />
  );
}
