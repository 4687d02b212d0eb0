import { queryOptions, useQuery } from "@tanstack/react-query";
import { healthResponse } from "@/shared/functions";
import { probe, probeOptions } from "./probe";

export const healthQuery = queryOptions({ queryKey: ["status", "health"], queryFn: () => probe("/functions/v1/health", healthResponse), ...probeOptions });

export const useHealth = () => useQuery(healthQuery);
