import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AgentSummary } from "@/shared/agents";
import { api } from "@/web/lib/api";
import { useCalendarDay } from "@/web/lib/calendar-day";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { agentKeys } from "./agent-keys";

/** The dashboard's figures; "today" starts at this browser's local midnight, as Due Today does. */
const agentSummaryQuery = (orgId: string, day: string) =>
  queryOptions({
    queryKey: agentKeys.summary(orgId, day),
    queryFn: () => {
      const [y, m, d] = day.split("-").map(Number) as [number, number, number];
      const since = new Date(y, m - 1, d).toISOString();
      return api<AgentSummary>(orgPath(orgId, `/agents/summary?since=${encodeURIComponent(since)}`));
    },
  });

/** Keyed by the calendar day, so a tab left open past midnight asks again for the new day's jobs. */
export const useAgentSummary = () => useQuery(agentSummaryQuery(useOrgId(), useCalendarDay().day));
