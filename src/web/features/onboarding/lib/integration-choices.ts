export const onboardingProviders = ["gmail", "calendar", "whatsapp", "telegram", "browseruse", "openai"] as const;
export type OnboardingProvider = (typeof onboardingProviders)[number];
export type IntegrationChoices = Partial<Record<OnboardingProvider, boolean>>;

// The onboarding's integration choices, kept in this browser until the Integrations page connects them.
export const integrationChoicesKey = "whq.onboardingIntegrations";

export function readIntegrationChoices(): IntegrationChoices {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(integrationChoicesKey) ?? "{}");
    if (!value || typeof value !== "object") return {};
    return Object.fromEntries(onboardingProviders.map((p) => [p, (value as Record<string, unknown>)[p] === true]));
  } catch {
    return {};
  }
}

/** Throws when the browser refuses to store (private mode, quota). */
export function writeIntegrationChoices(choices: IntegrationChoices): void {
  localStorage.setItem(integrationChoicesKey, JSON.stringify(choices));
}
