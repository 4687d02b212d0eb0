import { useTranslation } from "react-i18next";
import type { ChatAgent } from "@/shared/chat";
import { Badge } from "@/web/components/ui/badge";
import { NativeSelect } from "@/web/components/ui/native-select";

type Props = { agents: ChatAgent[]; readyCount: number; value: string; onChange: (id: string) => void; disabled: boolean };

/** The agent selector; an agent that is not ready stays listed, disabled, saying why. */
export function AgentPicker({ agents, readyCount, value, onChange, disabled }: Props) {
  const { t } = useTranslation("chat");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="chat-agent" className="text-sm font-medium">
        {t("agent.label")}
      </label>
      <NativeSelect id="chat-agent" className="w-auto max-w-xs" value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {agents.map((agent) => (
          <option key={agent.id} value={agent.id} disabled={!agent.ready}>
            {agent.ready ? agent.name : t("agent.notReady", { name: agent.name, detail: agent.detail })}
          </option>
        ))}
      </NativeSelect>
      <Badge variant={readyCount > 0 ? "default" : "outline"}>{t("agent.readyBadge", { count: readyCount })}</Badge>
    </div>
  );
}
