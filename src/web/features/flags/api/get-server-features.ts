import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { releaseInfoResponse } from "@/shared/functions";
import type { FlagName } from "@/shared/flags";
import { api } from "@/web/lib/api";
import { flagStore } from "../flag-store";

/** What the server turned off by its settings, in flag names (release-info's features). */
export const serverOffFlags = (features: { ai_assist: boolean }): FlagName[] => (features.ai_assist ? [] : ["AI_ASSIST_ENABLED"]);

/**
 * Asks the server once per visit what its settings turned off, and turns those flags off in this
 * browser: with AI_ASSIST_ENABLED=0 no screen offers the chat or the console, whatever was toggled here.
 */
export function useServerFeatures(): void {
  const release = useQuery({
    queryKey: ["server-features"],
    queryFn: async () => releaseInfoResponse.parse(await api<unknown>("/functions/v1/release-info")),
    staleTime: Infinity,
    retry: false,
  });
  const features = release.data?.features;
  useEffect(() => {
    if (features) flagStore.setServerOff(serverOffFlags(features));
  }, [features]);
}
