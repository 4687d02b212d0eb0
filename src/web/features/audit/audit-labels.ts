import "./audit-i18n";
import { useTranslation } from "react-i18next";
import { AUDIT_ACTIONS, AUDIT_TARGETS } from "@/shared/audit";

/**
 * An audit action and target as the reader says them ("member.remove" is "Mitglied entfernt"),
 * wherever audit rows are shown (the audit page, /status's recent activity). A code this build
 * does not know (an older or newer server's) is shown as it is.
 */
export function useAuditLabels() {
  const { t } = useTranslation("audit");
  return {
    action: (code: string) => ((AUDIT_ACTIONS as readonly string[]).includes(code) ? t(`actions.${code}` as "actions.member.remove") : code),
    target: (type: string) => ((AUDIT_TARGETS as readonly string[]).includes(type) ? t(`targets.${type}` as "targets.user") : type),
  };
}
