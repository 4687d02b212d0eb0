import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { markSigningOut } from "@/web/lib/signing-out";
import { clearLocalProgress } from "@/web/features/action-plan/clear-local-progress";

type EndSession = () => Promise<{ error: unknown }>;

/** Signs out this session, or with `end` more (Settings' sign out everywhere), and goes to /auth. */
// The auth client loads with the click: the sidebar's Sign Out is on every /app screen.
const signOutHere: EndSession = () => import("@/web/lib/auth-client").then(({ authClient }) => authClient.signOut());

export function useSignOut(end: EndSession = signOutHere) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  return async () => {
    markSigningOut(true);
    let signedOut = false;
    try {
      const { error } = await end();
      if (error) return toast.error(t("toasts.signOutFailed"));
      signedOut = true;
      // The organisation's action plan ticks kept in this browser leave with the session.
      clearLocalProgress();
      toast.success(t("toasts.signedOut"));
      // The shell's queries are cleared and the flag lowered when the shell unmounts
      // (AppLayout): cleared here, the still-mounted page refetched into 401s, and one arriving
      // after the flag was lowered was taken for an expired session (seen in CI).
      navigate("/auth", { replace: true });
    } catch {
      toast.error(t("toasts.signOutException"));
    } finally {
      if (!signedOut) markSigningOut(false);
    }
  };
}
