import { queryOptions, useQuery } from "@tanstack/react-query";
import { healthHistoryResponse } from "@/shared/health-history";
import { probe, probeOptions } from "./probe";

export const LATENCY_HOURS = 6;

export const healthHistoryQuery = queryOptions({
  queryKey: ["status", "health-history", LATENCY_HOURS],
  queryFn: () => probe(`/functions/v1/health-history?hours=${LATENCY_HOURS}`, healthHistoryResponse),
  ...probeOptions,
});

/** The latency chart's points, refreshed with the page's other probes every 30 s. */
export const useHealthHistory = () => useQuery(healthHistoryQuery);
