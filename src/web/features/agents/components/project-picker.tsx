import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/web/components/ui/native-select";
import { useAgentProjects } from "../api/get-agent-projects";

type ProjectPickerProps = ComponentProps<typeof NativeSelect> & { enabled: boolean; current: string | null };

/** 'No default' or one of the organisation's newest 20 projects; a saved default beyond them stays selectable. */
export function ProjectPicker({ enabled, current, ...props }: ProjectPickerProps) {
  const { t } = useTranslation("agents");
  const projects = useAgentProjects(enabled);
  const list = projects.data ?? [];
  const isCurrentListed = !current || list.some((p) => p.id === current);
  return (
    <NativeSelect {...props}>
      <option value="">{t("form.noDefault")}</option>
      {!isCurrentListed && <option value={current}>{t("card.unknownProject")}</option>}
      {list.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </NativeSelect>
  );
}
