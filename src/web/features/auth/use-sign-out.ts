import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { authClient, markSigningOut } from "@/web/lib/auth-client";

export function useSignOut() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    markSigningOut(true);
    try {
      const { error } = await authClient.signOut();
      if (error) return toast.error(t("toasts.signOutFailed"));
      queryClient.clear();
      toast.success(t("toasts.signedOut"));
      navigate("/auth", { replace: true });
    } catch {
      toast.error(t("toasts.signOutException"));
    } finally {
      markSigningOut(false);
    }
  };
}
