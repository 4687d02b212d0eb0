import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { useLocation } from "react-router";
import { lazyComponent } from "@/web/app/lazy-page";
import { twoFactorGate } from "./two-factor-gate-store";

// Seen only by members of an organisation that requires two-factor: its texts load with it.
const TwoFactorRequiredPage = lazyComponent(() => import("./two-factor-required-page"), (m) => m.TwoFactorRequiredPage);

export const useTwoFactorRequired = () => useSyncExternalStore(twoFactorGate.subscribe, twoFactorGate.isRequired, () => false);

/**
 * The app shell's page area: while the organisation refuses this user for want of two-factor
 * sign-in, every page but Settings (where it is turned on) shows the blocking page instead.
 */
export function TwoFactorGate({ orgId, children }: { orgId: string | undefined; children: ReactNode }) {
  const required = useTwoFactorRequired();
  const { pathname } = useLocation();
  // Another organisation may not require it: its own answers will say.
  useEffect(() => () => twoFactorGate.clear(), [orgId]);
  if (required && pathname !== "/app/settings") return <TwoFactorRequiredPage />;
  return children;
}

export { TwoFactorRequiredNotice } from "./two-factor-required-notice";
