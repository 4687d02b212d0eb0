import { queryOptions, useQuery } from "@tanstack/react-query";
import { agentReadyResponse } from "@/shared/jobs";
import { probe, probeOptions } from "./probe";

export const agentReadyQuery = queryOptions({ queryKey: ["status", "agent-ready"], queryFn: () => probe("/functions/v1/agent-ready", agentReadyResponse), ...probeOptions });

export const useAgentReady = () => useQuery(agentReadyQuery);
