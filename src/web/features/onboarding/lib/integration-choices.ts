import type { ConnectionProvider } from "@/shared/connections";

// The services step 2 shows: the Integrations page's cards without n8n, which is set up by an owner there.
export const onboardingProviders = ["gmail", "calendar", "whatsapp", "telegram", "browseruse", "openai"] as const satisfies readonly ConnectionProvider[];
export type OnboardingProvider = (typeof onboardingProviders)[number];

/** The wizard's step 2, where a page opened from it with `from=onboarding` leads back (connections/components/back-to-setup.tsx). */
export const ONBOARDING_RETURN = "/app/onboarding?step=1";

/** Where a provider is set up: its card on the Integrations page, or the API Keys page for a model key. */
export const setUpPathOf = (provider: OnboardingProvider): string => (provider === "openai" ? "/app/api-keys?from=onboarding" : `/app/integrations?from=onboarding#${provider}`);
