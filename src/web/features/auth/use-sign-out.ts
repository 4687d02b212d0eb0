import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { authClient, markSigningOut } from "@/web/lib/auth-client";

type EndSession = () => Promise<{ error: unknown }>;

/** Signs out this session, or with `end` more (Settings' sign out everywhere), and goes to /auth. */
export function useSignOut(end: EndSession = () => authClient.signOut()) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  return async () => {
    markSigningOut(true);
    let signedOut = false;
    try {
      const { error } = await end();
      if (error) return toast.error(t("toasts.signOutFailed"));
      signedOut = true;
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
