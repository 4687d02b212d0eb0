import { queryOptions, useQuery } from "@tanstack/react-query";
import { releaseInfoResponse } from "@/shared/functions";
import { probe } from "./probe";

// What the server runs does not change under it: asked once per visit.
export const releaseInfoQuery = queryOptions({ queryKey: ["status", "release-info"], queryFn: () => probe("/functions/v1/release-info", releaseInfoResponse), staleTime: Infinity, retry: false });

export const useReleaseInfo = () => useQuery(releaseInfoQuery);
