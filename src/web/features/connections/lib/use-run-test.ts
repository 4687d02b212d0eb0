import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { Connection } from "@/shared/connections";
import { errorMessage } from "@/web/lib/error-message";
import { useTestConnection } from "../api/mutate-connections";
import { useTestToast } from "./use-test-toast";

/** Runs the server's test of a connection and reports it; each card shows progress while its own test runs. */
export function useRunTest() {
  const { t } = useTranslation("connections");
  const { t: tc } = useTranslation();
  const test = useTestConnection();
  const showResult = useTestToast();
  const [testingIds, setTestingIds] = useState<ReadonlySet<string>>(new Set());

  const run = async (connection: Connection) => {
    setTestingIds((ids) => new Set(ids).add(connection.id));
    try {
      const result = await test.mutateAsync(connection.id);
      if (result.test) showResult(result.connection.provider, result.test);
    } catch (e) {
      toast.error(t("toasts.testFailed", { message: errorMessage(e, tc, { fallback: t("toasts.unknownError") }) }));
    } finally {
      setTestingIds((ids) => {
        const next = new Set(ids);
        next.delete(connection.id);
        return next;
      });
    }
  };
  return { run, isTesting: (connectionId: string) => testingIds.has(connectionId) };
}
