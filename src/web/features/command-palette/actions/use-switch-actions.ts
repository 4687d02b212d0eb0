import "@/web/features/command-palette/palette-i18n";
import { Building2, Rocket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "@/web/lib/toast";
import { useOrg } from "@/web/features/organisations/org-context";
import { usePlanes } from "@/web/features/planes/api/get-planes";
import type { PaletteAction } from "../palette-action";

/** Switch Plane (when planes exist) and Switch Organisation (with more than one). */
export function useSwitchActions(): PaletteAction[] {
  const { t } = useTranslation("palette");
  const navigate = useNavigate();
  const { memberships, currentOrg, setCurrentOrg } = useOrg();
  const planes = usePlanes();
  const planeActions: PaletteAction[] = (planes.data ?? []).map((plane) => ({
    id: `plane:${plane.id}`,
    group: "planes",
    label: plane.name,
    hint: plane.key,
    icon: Rocket,
    keywords: [plane.key, "plane", "switch"],
    run: () => navigate(`/app/planes/${plane.id}`),
  }));
  const orgActions: PaletteAction[] =
    memberships.length > 1
      ? memberships.map((m) => ({
          id: `org:${m.org_id}`,
          group: "organisations",
          label: m.organisations.name,
          icon: Building2,
          isCurrent: m.org_id === currentOrg?.id,
          keywords: ["organisation", "organization", "switch"],
          run: () => {
            setCurrentOrg(m.org_id);
            toast.success(t("switchedOrg", { name: m.organisations.name }));
          },
        }))
      : [];
  return [...planeActions, ...orgActions];
}
