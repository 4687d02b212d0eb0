import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

// The spec's data-client numbers: 3 retries, backoff capped at 30 s, 5 minutes of cache.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * 60_000,
      staleTime: 30_000,
      // Off: the change feed keeps shown data current, and what depends on the date has the local
      // day in its key (calendar-day.ts), so a tab that comes back on a new day asks again anyway.
      refetchOnWindowFocus: false,
    },
  },
});
