import { createContext, useContext } from "react";
import type { Membership, Organisation } from "@/shared/organisations";

export type OrgContextValue = {
  memberships: Membership[];
  currentOrg: Organisation | null;
  role: string | null;
  isOwner: boolean;
  /** When the user finished the onboarding in the current organisation (kept on the server). */
  onboardedAt: string | null;
  /** Records it on the server and in the cached membership. */
  markOnboarded: () => Promise<void>;
  isLoading: boolean;
  error: unknown;
  setCurrentOrg: (orgId: string) => void;
  /** Makes one of the user's organisations current without leaving the page: for a page whose ids are that organisation's. */
  openInOrg: (orgId: string) => void;
  retry: () => void;
};

export const OrgContext = createContext<OrgContextValue | null>(null);

export function useOrg(): OrgContextValue {
  const value = useContext(OrgContext);
  if (!value) throw new Error("useOrg must be used inside OrgProvider");
  return value;
}
