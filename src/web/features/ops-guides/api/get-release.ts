import { queryOptions, useQuery } from "@tanstack/react-query";
import { healthResponse, releaseInfoResponse } from "@/shared/functions";
import { probe } from "./probe";

// What the server runs does not change under it: asked once per visit.
export const releaseQuery = queryOptions({ queryKey: ["ops-guides", "release-info"], queryFn: () => probe("/functions/v1/release-info", releaseInfoResponse), staleTime: Infinity, retry: false });
export const useRelease = () => useQuery(releaseQuery);

/** The health answer with its time; refetched on demand (a wizard step, the probes). */
export const healthQuery = queryOptions({ queryKey: ["ops-guides", "health"], queryFn: () => probe("/functions/v1/health", healthResponse), retry: false, staleTime: 0, networkMode: "always" });
export const useHealthProbe = () => useQuery(healthQuery);
