import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { ConnectionResponse, CreateConnectionInput, UpdateConnectionInput } from "@/shared/connections";
import { failedWrite, type FailedWrite } from "@/web/lib/failed-write";
import { useCreateConnection, useUpdateConnection } from "../api/mutate-connections";
import { useProviderName } from "./provider-name";

export type SaveInput = (CreateConnectionInput & { connectionId?: undefined }) | (UpdateConnectionInput & { connectionId: string });
export type SaveResult = { ok: true } | FailedWrite;

/**
 * Saves a key and tells the user what the server's test found. A refused key is still saved
 * (status error), so the toast says both: saved, and why validation failed.
 */
export function useSaveConnection() {
  const { t } = useTranslation("connections");
  const providerName = useProviderName();
  const create = useCreateConnection();
  const update = useUpdateConnection();

  const report = ({ connection, test }: ConnectionResponse) => {
    const provider = providerName(connection.provider);
    if (test?.outcome === "valid") toast.success(t("toasts.connected", { provider }), { description: test.message });
    else if (test?.outcome === "invalid") toast.warning(t("toasts.savedInvalid", { provider, message: test.message }));
    else toast.success(t("toasts.saved", { provider }), test ? { description: test.message } : undefined);
  };

  return async (input: SaveInput): Promise<SaveResult> => {
    try {
      report(input.connectionId === undefined ? await create.mutateAsync(input) : await update.mutateAsync(input));
      return { ok: true };
    } catch (e) {
      return failedWrite(e, t("toasts.saveFailed"));
    }
  };
}
