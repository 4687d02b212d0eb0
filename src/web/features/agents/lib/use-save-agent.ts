import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { CreateAgentInput, UpdateAgentInput } from "@/shared/agents";
import { ApiError } from "@/web/lib/api";
import { toastWriteFailed } from "@/web/lib/write-failed-toast";
import { useCreateAgent, useUpdateAgent } from "../api/mutate-agent";

export type SaveAgentResult = { ok: true } | { ok: false; message: string; fields: Record<string, string> };

/** Creates or edits the agent with the spec's toasts; a failure also goes back to the form, field by field. */
export function useSaveAgent() {
  const { t } = useTranslation("agents");
  const create = useCreateAgent();
  const update = useUpdateAgent();
  return async (input: CreateAgentInput | UpdateAgentInput): Promise<SaveAgentResult> => {
    try {
      if ("version" in input && input.version !== undefined) await update.mutateAsync(input);
      else await create.mutateAsync(input as CreateAgentInput);
      toast.success(t("version" in input ? "toasts.updated" : "toasts.created"));
      return { ok: true };
    } catch (e) {
      toastWriteFailed(e, t("toasts.saveFailed"));
      return { ok: false, message: e instanceof ApiError && e.isOwnMessage ? e.message : t("toasts.saveFailed"), fields: e instanceof ApiError ? (e.fields ?? {}) : {} };
    }
  };
}
