import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { CreateAgentInput, UpdateAgentInput } from "@/shared/agents";
import { failedWrite, type FailedWrite } from "@/web/lib/failed-write";
import { useCreateAgent, useUpdateAgent } from "../api/mutate-agent";

export type SaveAgentResult = { ok: true } | FailedWrite;

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
      return failedWrite(e, t("toasts.saveFailed"));
    }
  };
}
