import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Plane } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { planeKeys } from "./plane-keys";

const planeQuery = (orgId: string, planeId: string) =>
  queryOptions({ queryKey: planeKeys.one(orgId, planeId), queryFn: async () => (await api<{ plane: Plane }>(orgPath(orgId, `/planes/${planeId}`))).plane });

export const usePlane = (planeId: string) => useQuery(planeQuery(useOrgId(), planeId));
