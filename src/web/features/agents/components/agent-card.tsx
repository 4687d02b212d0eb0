import { Pencil, PlugZap, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AGENT_INSTRUCTIONS_PREVIEW, type Agent } from "@/shared/agents";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Switch } from "@/web/components/ui/switch";
import { formatDateTime } from "@/web/lib/format";
import { useAgentProjects } from "../api/get-agent-projects";
import { LastTest } from "./last-test";

type AgentCardProps = {
  agent: Agent;
  canManage: boolean;
  reasonId: string;
  isSwitching: boolean;
  isTesting: boolean;
  onToggle: (enabled: boolean) => void;
  onTest: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

const preview = (text: string) => (text.length > AGENT_INSTRUCTIONS_PREVIEW ? `${text.slice(0, AGENT_INSTRUCTIONS_PREVIEW)}…` : text);

/** The one agent: its settings, the switch, and Test only while enabled (spec). */
export function AgentCard({ agent, canManage, reasonId, isSwitching, isTesting, onToggle, onTest, onEdit, onDelete }: AgentCardProps) {
  const { t } = useTranslation("agents");
  const projects = useAgentProjects(Boolean(agent.project_default));
  const isEnabled = agent.status === "enabled";
  const projectName = agent.project_default ? (projects.data?.find((p) => p.id === agent.project_default)?.name ?? t("card.unknownProject")) : t("card.noDefault");
  const describedBy = canManage ? undefined : reasonId;

  return (
    <Card role="group" aria-label={t("card.label")}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>
            <h2>{agent.name}</h2>
          </CardTitle>
          <Badge variant={isEnabled ? "default" : "outline"} className="w-fit">
            {isEnabled ? t("card.enabled") : t("card.disabled")}
          </Badge>
        </div>
        <div className="flex items-center gap-2">
          <Switch checked={isEnabled} onCheckedChange={onToggle} disabled={!canManage || isSwitching} aria-label={t("card.switch", { name: agent.name })} aria-describedby={describedBy} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">{t("card.webhook")}</dt>
          <dd className="font-mono break-all">{agent.webhook_path}</dd>
          <dt className="text-muted-foreground">{t("card.defaultProject")}</dt>
          <dd>{projectName}</dd>
          <dt className="text-muted-foreground">{t("card.tags")}</dt>
          <dd className="flex flex-wrap gap-1">
            {agent.tags.map((tag) => (
              <Badge key={tag} variant="outline">
                {tag}
              </Badge>
            ))}
          </dd>
          <dt className="text-muted-foreground">{t("card.instructions")}</dt>
          <dd title={agent.instructions}>{preview(agent.instructions)}</dd>
          {agent.description && (
            <>
              <dt className="text-muted-foreground">{t("card.description")}</dt>
              <dd>{agent.description}</dd>
            </>
          )}
          <dt className="text-muted-foreground">{t("card.lastTest")}</dt>
          <dd>
            <LastTest test={agent.last_test} format={formatDateTime} />
          </dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          {isEnabled ? (
            <Button onClick={onTest} disabled={!canManage || isTesting} aria-describedby={describedBy}>
              <PlugZap aria-hidden />
              {isTesting ? t("testing") : t("test")}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{t("card.testHidden")}</p>
          )}
          <Button variant="outline" onClick={onEdit} disabled={!canManage} aria-describedby={describedBy}>
            <Pencil aria-hidden />
            {t("edit")}
          </Button>
          <Button variant="outline" onClick={onDelete} disabled={!canManage} aria-describedby={describedBy}>
            <Trash2 aria-hidden />
            {t("delete")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
