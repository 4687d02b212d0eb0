import { queryOptions, useQuery } from "@tanstack/react-query";
import { flagListResponse } from "@/shared/flags";
import { api } from "@/web/lib/api";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

// Under ["orgs", orgId] like every org query, so switching organisation asks the server again. No
// change on the feed is about flags, so only a resync refetches them.
export const flagsQuery = (orgId: string) =>
  queryOptions({
    queryKey: orgKey(orgId, "flags"),
    queryFn: async () => flagListResponse.parse(await api<unknown>(orgPath(orgId, "/flags"))).flags,
  });

/** The flag definitions; the server answers only owners, so a member gets a 403 ApiError here. */
export const useFlags = () => useQuery(flagsQuery(useOrgId()));
