import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Connection } from "@/shared/connections";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { connectionKeys } from "./connection-keys";

/** An organisation has at most one connection per provider, so the whole list is small. */
const connectionsQuery = (orgId: string) =>
  queryOptions({
    queryKey: connectionKeys.all(orgId),
    queryFn: async () => (await api<{ connections: Connection[] }>(orgPath(orgId, "/connections"))).connections,
  });

export const useConnections = () => useQuery(connectionsQuery(useOrgId()));
