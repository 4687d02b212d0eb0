// Every key the browser keeps, in one place, so none is written under two names.
export const storageKeys = {
  currentOrg: "whq.currentOrgId",
  flagOverrides: "whq.featureFlags",
  onboardingDone: "whq.onboardingCompleted",
  returnTo: "whq.returnTo",
  theme: "theme",
} as const;

export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
