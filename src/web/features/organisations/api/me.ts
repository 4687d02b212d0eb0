import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeResponse } from "@/shared/me";
import { api } from "@/web/lib/api";

// A type only: the shell asks this on every page, and zod's schemas stay out of its chunk.
/** GET /api/v1/me: the signed-in user, and whether they operate the platform (docs/permissions.md). */
export const meQuery = queryOptions({ queryKey: ["me"], queryFn: () => api<MeResponse>("/api/v1/me"), staleTime: 5 * 60_000 });

/** Whether the signed-in user is one of the platform's operators; false until the server says so. */
export function useIsOperator(): boolean {
  return useQuery(meQuery).data?.operator === true;
}
