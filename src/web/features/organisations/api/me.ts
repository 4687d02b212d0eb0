import { queryOptions, useQuery } from "@tanstack/react-query";
import { meResponse } from "@/shared/me";
import { api } from "@/web/lib/api";

/** GET /api/v1/me: the signed-in user, and whether they operate the platform (docs/permissions.md). */
export const meQuery = queryOptions({ queryKey: ["me"], queryFn: async () => meResponse.parse(await api("/api/v1/me")), staleTime: 5 * 60_000 });

/** Whether the signed-in user is one of the platform's operators; false until the server says so. */
export function useIsOperator(): boolean {
  return useQuery(meQuery).data?.operator === true;
}
