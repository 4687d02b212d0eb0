// Every key the browser keeps, in one place, so none is written under two names.
export const storageKeys = {
  /** The /admin checklist's ticks and when they were saved (spec: local storage). */
  actionPlan: "whq.actionPlan",
  /** Per tab (session storage): the chunk addresses a reload after a deploy was already spent on. */
  chunkReloads: "whq.chunkReloads",
  currentOrg: "whq.currentOrgId",
  /** Per tab (session storage), one key per form: this prefix and the form's draft key. */
  draftPrefix: "whq.draft.",
  flagOverrides: "whq.featureFlags",
  /** The language last chosen or applied (a cache of the user's stored one; i18n/language.ts). */
  language: "whq.language",
  onboardingDone: "whq.onboardingCompleted",
  /** An invitation link opened while signed out, kept across sign-up and the confirmation mail; removed once settled. */
  pendingInvite: "whq.pendingInvite",
  returnTo: "whq.returnTo",
  theme: "theme",
} as const;

export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
