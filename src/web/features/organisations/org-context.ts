import { createContext, useContext } from "react";
import type { Membership, Organisation } from "@/shared/organisations";

export type OrgContextValue = {
  memberships: Membership[];
  currentOrg: Organisation | null;
  role: string | null;
  isOwner: boolean;
  isLoading: boolean;
  error: unknown;
  setCurrentOrg: (orgId: string) => void;
  retry: () => void;
};

export const OrgContext = createContext<OrgContextValue | null>(null);

export function useOrg(): OrgContextValue {
  const value = useContext(OrgContext);
  if (!value) throw new Error("useOrg must be used inside OrgProvider");
  return value;
}
