import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { FlagName } from "@/shared/flags";
import { api } from "@/web/lib/api";
import { flagStore } from "../flag-store";

type ServerFeatures = { ai_assist: boolean };

/** What the server turned off by its settings, in flag names (release-info's features). */
export const serverOffFlags = (features: ServerFeatures): FlagName[] => (features.ai_assist ? [] : ["AI_ASSIST_ENABLED"]);

/** release-info's features, checked by hand: zod is not loaded on every screen (flag-values.ts). */
export function featuresOf(body: unknown): ServerFeatures | null {
  const features = body && typeof body === "object" ? (body as { features?: unknown }).features : undefined;
  const aiAssist = features && typeof features === "object" ? (features as { ai_assist?: unknown }).ai_assist : undefined;
  return typeof aiAssist === "boolean" ? { ai_assist: aiAssist } : null;
}

/**
 * Asks the server once per visit what its settings turned off, and turns those flags off in this
 * browser: with AI_ASSIST_ENABLED=0 no screen offers the chat or the console, whatever was toggled here.
 */
export function useServerFeatures(): void {
  const release = useQuery({
    queryKey: ["server-features"],
    queryFn: async () => featuresOf(await api<unknown>("/functions/v1/release-info")),
    staleTime: Infinity,
    retry: false,
  });
  const features = release.data;
  useEffect(() => {
    if (features) flagStore.setServerOff(serverOffFlags(features));
  }, [features]);
}
