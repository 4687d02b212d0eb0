import { useTranslation } from "react-i18next";
import { LoadFailed } from "@/web/components/load-failed";
import { useFeatureFlag, useServerOffFlag } from "@/web/features/flags/use-feature-flag";
import { useCan } from "@/web/features/organisations/use-can";
import { ApiError } from "@/web/lib/api";
import { useLoadErrorToast } from "@/web/lib/use-load-error-toast";
import "./chat-i18n";
import { useChatAgents } from "./api/get-agents";
import { ChatPanel } from "./chat-panel";
import { ChatNotice } from "./components/chat-notice";

/** /app/orchestrator and its aliases (/app/agents/orchestrator, /app/orchestrator-legacy): the AI chat, owners only. */
export function OrchestratorPage() {
  const { t } = useTranslation("chat");
  const canUse = useCan("chat.use");
  const isAiOn = useFeatureFlag("AI_ASSIST_ENABLED");
  const agents = useChatAgents(canUse && isAiOn);
  const status = agents.error instanceof ApiError ? agents.error.status : null;
  // The server refuses a member (403) and says when its operator has turned AI off.
  const isDenied = !canUse || status === 403;
  // Off by the server's settings (release-info, or the agents answer): the operator's switch, not this browser's flag.
  const isOff = useServerOffFlag("AI_ASSIST_ENABLED") || agents.data?.ai_enabled === false;
  const failed = agents.isError && !isDenied && !isOff;
  useLoadErrorToast(failed ? agents.error : null, t("loadFailed"));

  const body = () => {
    if (isDenied) return <ChatNotice kind="denied" title={t("denied.title")}>{t("denied.body")}</ChatNotice>;
    if (isOff) return <ChatNotice kind="disabled" title={t("disabled.title")}>{t("disabled.body")}</ChatNotice>;
    if (!isAiOn) return <ChatNotice kind="disabled" title={t("disabled.title")}>{t("disabled.flag")}</ChatNotice>;
    if (failed) return <LoadFailed message={t("loadFailed")} onRetry={() => void agents.refetch()} />;
    if (!agents.data)
      return (
        <div role="status" aria-label={t("loading")} className="grid gap-3">
          <div aria-hidden className="h-14 animate-pulse rounded-xl bg-muted" />
          <div aria-hidden className="h-80 animate-pulse rounded-xl bg-muted" />
        </div>
      );
    return <ChatPanel agents={agents.data.agents} readyCount={agents.data.ready_count} />;
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      {body()}
    </div>
  );
}
