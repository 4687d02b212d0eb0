import type { ConnectionProvider } from "@/shared/connections";

// The services step 2 offers: the Integrations page's cards without n8n, which is set up by an owner there.
export const onboardingProviders = ["gmail", "calendar", "whatsapp", "telegram", "browseruse", "openai"] as const satisfies readonly ConnectionProvider[];
export type OnboardingProvider = (typeof onboardingProviders)[number];
