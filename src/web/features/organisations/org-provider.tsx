import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { isOwnerRole } from "@/shared/constants";
import type { Membership } from "@/shared/organisations";
import { appName } from "@/web/lib/app-name";
import { storageKeys } from "@/web/lib/storage-keys";
import { bootstrapOrganisation, membershipsQuery } from "./api/memberships";
import { OrgContext, type OrgContextValue } from "./org-context";

/** Loads the user's memberships, creates a first organisation once if there is none, and picks the current one. */
export function OrgProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const memberships = useQuery(membershipsQuery(userId));
  const [storedId, setStoredId] = useState(() => localStorage.getItem(storageKeys.currentOrg));
  const [bootstrap, setBootstrap] = useState<"idle" | "running" | "failed">("idle");
  const bootstrapped = useRef(false);

  useEffect(() => {
    if (!memberships.data || memberships.data.length > 0 || bootstrapped.current) return;
    bootstrapped.current = true;
    setBootstrap("running");
    bootstrapOrganisation(userId, appName())
      .then(({ org }) => {
        if (!org) throw new Error("bootstrap returned no organisation");
        const created: Membership = { org_id: org.id, role: "owner", organisations: org };
        queryClient.setQueryData(membershipsQuery(userId).queryKey, [created]);
        setBootstrap("idle");
      })
      .catch((error: unknown) => {
        console.error("Organisation bootstrap failed", error);
        setBootstrap("failed");
      });
  }, [memberships.data, queryClient, userId]);

  const list = useMemo(() => memberships.data ?? [], [memberships.data]);
  const current = list.find((m) => m.org_id === storedId) ?? list[0] ?? null;

  useEffect(() => {
    if (!memberships.isSuccess) return;
    if (current) localStorage.setItem(storageKeys.currentOrg, current.org_id);
    else localStorage.removeItem(storageKeys.currentOrg);
  }, [current, memberships.isSuccess]);

  const setCurrentOrg = useCallback((orgId: string) => setStoredId(orgId), []);
  const retry = useCallback(() => {
    bootstrapped.current = false;
    setBootstrap("idle");
    void memberships.refetch();
  }, [memberships]);

  const value: OrgContextValue = {
    memberships: memberships.isError ? [] : list,
    currentOrg: memberships.isError ? null : (current?.organisations ?? null),
    role: current?.role ?? null,
    isOwner: isOwnerRole(current?.role),
    isLoading: memberships.isPending || bootstrap === "running",
    error: memberships.error ?? (bootstrap === "failed" ? new Error("bootstrap failed") : null),
    setCurrentOrg,
    retry,
  };
  return <OrgContext.Provider value={value}>{children}</OrgContext.Provider>;
}
