import { useTranslation } from "react-i18next";
import { useReleaseInfo } from "../api/get-release-info";
import { Fact, StatusCard } from "./status-card";

export const shortCommit = (commit: string | null | undefined) => (commit ? commit.slice(0, 7) : null);

/** The running version and the commit it was built from, seven characters of it. */
export function ReleaseCard() {
  const { t } = useTranslation("status");
  const release = useReleaseInfo();
  const pending = t("state.checking");
  const commit = shortCommit(release.data?.commit);
  return (
    <StatusCard id="release" title={t("release.title")}>
      <dl className="grid gap-1">
        <Fact label={t("release.version")}>{release.data?.version ?? (release.isPending ? pending : t("release.unknown"))}</Fact>
        <Fact label={t("release.commit")}>{commit ? <code title={release.data?.commit ?? undefined}>{commit}</code> : release.isPending ? pending : t("release.unknown")}</Fact>
      </dl>
    </StatusCard>
  );
}
