import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { ApiError } from "@/web/lib/api";
import { toastWriteFailed } from "@/web/lib/write-failed-toast";
import { useDeleteAgent, useSetAgentStatus, useTestAgent } from "../api/mutate-agent";

/** Enable/disable, test and delete, each with the spec's toasts. */
export function useAgentActions() {
  const { t } = useTranslation("agents");
  const status = useSetAgentStatus();
  const test = useTestAgent();
  const remove = useDeleteAgent();

  const setEnabled = async (enabled: boolean) => {
    try {
      await status.mutateAsync(enabled);
      toast.success(t(enabled ? "toasts.enabled" : "toasts.disabled"));
    } catch (e) {
      toastWriteFailed(e, t("toasts.statusFailed"));
    }
  };

  const runTest = async () => {
    try {
      const result = await test.mutateAsync();
      if (result.ok) toast.success(t("toasts.testOk"), { description: result.message });
      else toast.error(t("toasts.testFailedTitle"), { description: result.error || t("toasts.testFailed") });
    } catch (e) {
      toast.error(t("toasts.testFailedTitle"), { description: e instanceof ApiError && e.isOwnMessage ? e.message : t("toasts.testFailed") });
    }
  };

  const deleteAgent = async () => {
    try {
      await remove.mutateAsync();
      toast.success(t("toasts.deleted"));
    } catch (e) {
      toastWriteFailed(e, t("toasts.deleteFailed"));
    }
  };

  return { setEnabled, runTest, deleteAgent, isSwitching: status.isPending, isTesting: test.isPending, isDeleting: remove.isPending };
}
