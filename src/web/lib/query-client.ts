import { QueryClient } from "@tanstack/react-query";
import { readRetryDelay, shouldRetryRead } from "./retry-policy";
import { registerScreenReads } from "./screen-settled";

// The spec's data-client numbers: 3 retries, backoff capped at 30 s, 5 minutes of cache; longer
// for a server that cannot be reached (retry-policy.ts).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetryRead,
      retryDelay: readRetryDelay,
      gcTime: 5 * 60_000,
      staleTime: 30_000,
      // Off: the change feed keeps shown data current, and what depends on the date has the local
      // day in its key (calendar-day.ts), so a tab that comes back on a new day asks again anyway.
      refetchOnWindowFocus: false,
    },
    // A write is never repeated by itself: it may have been saved before the answer was lost. Nor
    // is it held back while offline to go out later unseen: 'always' lets it fail at once (api()
    // refuses offline), so the form says nothing was saved and keeps what was typed. Reads keep
    // the default 'online': they pause offline, and dialogs show that pause as offline.
    mutations: { retry: false, networkMode: "always" },
  },
});

// What the first screen is still reading: the extras wait for it (screen-settled.ts).
registerScreenReads({ pending: () => queryClient.isFetching(), subscribe: (listener) => queryClient.getQueryCache().subscribe(listener) });
