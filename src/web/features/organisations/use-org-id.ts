import { useOrg } from "./org-context";

/** The current organisation's id; every org-scoped screen renders inside the /app shell, where one is set. */
export function useOrgId(): string {
  const { currentOrg } = useOrg();
  if (!currentOrg) throw new Error("useOrgId used outside an organisation");
  return currentOrg.id;
}

export const orgPath = (orgId: string, path: string) => `/api/v1/organisations/${orgId}${path}`;
