import "@/web/features/planes/planes-i18n";
import { useTranslation } from "react-i18next";
import { planeTypes } from "@/shared/work-values";
import { Badge } from "@/web/components/ui/badge";

export type PlaneType = (typeof planeTypes)[number];
export const isPlaneType = (value: string): value is PlaneType => (planeTypes as readonly string[]).includes(value);

export function PlaneTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation("planes");
  return <Badge variant="outline">{isPlaneType(type) ? t(`types.${type}`) : type}</Badge>;
}
