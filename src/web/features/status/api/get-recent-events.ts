import { queryOptions, useQuery } from "@tanstack/react-query";
import { telemetryPage } from "@/shared/chat";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api } from "@/web/lib/api";
import { PROBE_INTERVAL_MS } from "./probe";

export const RECENT_EVENTS_SHOWN = 10;

export const recentEventsQuery = (orgId: string) =>
  queryOptions({
    queryKey: ["status", orgId, "recent-events"],
    queryFn: async () => telemetryPage.parse(await api(orgPath(orgId, `/telemetry?limit=${RECENT_EVENTS_SHOWN}`))).events,
    refetchInterval: PROBE_INTERVAL_MS,
    staleTime: 0,
  });

/** Owners only (telemetry.read): the caller passes null for anyone else, and nothing is asked. */
export const useRecentEvents = (orgId: string | null) => useQuery({ ...recentEventsQuery(orgId ?? ""), enabled: orgId !== null });
