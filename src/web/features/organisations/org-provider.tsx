import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { isOwnerRole } from "@/shared/constants";
import type { Membership } from "@/shared/organisations";
import { isUnreachable } from "@/web/lib/api";
import { appName } from "@/web/lib/app-name";
import { keepCurrentOrg, storedCurrentOrg } from "@/web/lib/current-org";
import { toast } from "@/web/lib/toast";
import { bootstrapOrganisation, completeOnboarding, membershipsQuery } from "./api/memberships";
import { leftOnPurpose } from "./left-organisations";
import { OrgContext, type OrgContextValue } from "./org-context";

/**
 * Says so when an organisation leaves the memberships without this tab having left it: an owner
 * removed the user or deleted it. Without a word, the shell would simply open another organisation
 * (or a fresh one) and the user would not know where theirs went.
 */
function useRemovedNotice(list: Membership[] | undefined) {
  const { t } = useTranslation("shell");
  const known = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    if (!list) return;
    const before = known.current;
    known.current = new Map(list.map((m) => [m.org_id, m.organisations?.name ?? ""]));
    if (!before) return;
    for (const [orgId, name] of before) {
      if (known.current.has(orgId) || leftOnPurpose(orgId)) continue;
      toast.warning(t("removedFromOrganisation", { org: name }), { duration: 20_000 });
    }
  }, [list, t]);
}

/** Loads the user's memberships, creates a first organisation once if there is none, and picks the current one. */
export function OrgProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const memberships = useQuery(membershipsQuery(userId));
  const [storedId, setStoredId] = useState(storedCurrentOrg);
  const [bootstrap, setBootstrap] = useState<"idle" | "running" | "failed">("idle");
  const bootstrapped = useRef(false);

  useEffect(() => {
    if (!memberships.data || memberships.data.length > 0 || bootstrapped.current) return;
    bootstrapped.current = true;
    setBootstrap("running");
    bootstrapOrganisation(userId, appName())
      .then(({ org }) => {
        if (!org) throw new Error("bootstrap returned no organisation");
        const created: Membership = { org_id: org.id, role: "owner", onboarded_at: null, organisations: org };
        queryClient.setQueryData(membershipsQuery(userId).queryKey, [created]);
        setBootstrap("idle");
      })
      .catch((error: unknown) => {
        console.error("Organisation bootstrap failed", error);
        setBootstrap("failed");
      });
  }, [memberships.data, queryClient, userId]);

  const list = useMemo(() => memberships.data ?? [], [memberships.data]);
  useRemovedNotice(memberships.data);
  const current = list.find((m) => m.org_id === storedId) ?? list[0] ?? null;

  const currentId = current?.org_id;
  const navigate = useNavigate();
  const onDashboard = /^\/app(\/dashboard)?\/?$/.test(useLocation().pathname);
  // A plane's or project's page holds the old organisation's ids: the switch lands on the new
  // one's dashboard, and takes effect once that is shown, so nothing asks the new one for them.
  const [switchTo, setSwitchTo] = useState<string | null>(null);
  useEffect(() => {
    if (!switchTo || !onDashboard) return;
    setStoredId(switchTo);
    setSwitchTo(null);
  }, [switchTo, onDashboard]);

  useEffect(() => {
    if (memberships.isSuccess && !switchTo) keepCurrentOrg(current?.org_id ?? null);
  }, [current, memberships.isSuccess, switchTo]);

  const setCurrentOrg = useCallback(
    (orgId: string) => {
      if (orgId === currentId) return;
      // Kept the moment it is chosen: a reload straight after the choice opens the chosen
      // organisation, not the one the render that follows has not yet replaced.
      keepCurrentOrg(orgId);
      if (onDashboard) return setStoredId(orgId);
      setSwitchTo(orgId);
      void navigate("/app/dashboard");
    },
    [currentId, navigate, onDashboard],
  );
  const openInOrg = useCallback((orgId: string) => {
    keepCurrentOrg(orgId);
    setStoredId(orgId);
  }, []);
  const markOnboarded = useCallback(async () => {
    if (!currentId) return;
    const { onboarded_at } = await completeOnboarding(currentId);
    queryClient.setQueryData(membershipsQuery(userId).queryKey, (old) => old?.map((m) => (m.org_id === currentId ? { ...m, onboarded_at } : m)));
  }, [currentId, queryClient, userId]);
  const retry = useCallback(() => {
    bootstrapped.current = false;
    setBootstrap("idle");
    void memberships.refetch();
  }, [memberships]);

  // A refetch that failed because the server is away keeps the shell up (the banner says so);
  // any other failure, or one before anything loaded, is safe mode.
  const hasFailed = memberships.isError && !(memberships.data && isUnreachable(memberships.error));
  const value: OrgContextValue = {
    memberships: hasFailed ? [] : list,
    currentOrg: hasFailed ? null : (current?.organisations ?? null),
    role: current?.role ?? null,
    isOwner: isOwnerRole(current?.role),
    onboardedAt: current?.onboarded_at ?? null,
    markOnboarded,
    isLoading: memberships.isPending || bootstrap === "running",
    error: (hasFailed ? memberships.error : null) ?? (bootstrap === "failed" ? new Error("bootstrap failed") : null),
    setCurrentOrg,
    openInOrg,
    retry,
  };
  return <OrgContext.Provider value={value}>{children}</OrgContext.Provider>;
}
