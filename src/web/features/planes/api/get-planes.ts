import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Plane } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { planeKeys } from "./plane-keys";

export const planesQuery = (orgId: string) =>
  queryOptions({ queryKey: planeKeys.all(orgId), queryFn: async () => (await api<{ planes: Plane[] }>(orgPath(orgId, "/planes"))).planes });

export const usePlanes = () => useQuery(planesQuery(useOrgId()));
