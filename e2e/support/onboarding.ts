import type { BrowserContext } from "playwright-core";
import { storageKeys } from "@/web/lib/storage-keys";
import { markReusableScript, scriptSignature } from "./context-pool";

const setOnboardingDone = (key: string) => localStorage.setItem(key, "true");
/** The init script's name in the context pool: a context that has it is handed out again to a test that wants it. */
export const SKIP_ONBOARDING = scriptSignature(setOnboardingDone, storageKeys.onboardingDone);
markReusableScript(SKIP_ONBOARDING);

/**
 * Marks onboarding as done in every page of the context, so /app pages do not divert to it. A page
 * from newPage asks for it with `skipOnboarding: true`; this is for a context made some other way.
 */
export async function skipOnboarding(context: BrowserContext): Promise<void> {
  await context.addInitScript(setOnboardingDone, storageKeys.onboardingDone);
}
