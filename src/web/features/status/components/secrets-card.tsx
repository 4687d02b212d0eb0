import { useTranslation } from "react-i18next";
import { useSecretsReady } from "../api/get-secrets-ready";
import { Fact, QueryBody, StatusCard } from "./status-card";

const secrets = [
  ["n8n_base", "secrets.n8nBase"],
  ["n8n_hmac", "secrets.n8nHmac"],
  ["gh_token", "secrets.ghToken"],
  ["gh_repo", "secrets.ghRepo"],
] as const;

/** Which operator secrets the server has, as set or not set (signed-in viewers); never a value. */
export function SecretsCard() {
  const { t } = useTranslation("status");
  const ready = useSecretsReady();
  return (
    <StatusCard id="secrets" title={t("secrets.title")}>
      <QueryBody query={ready} failed={t("secrets.loadFailed")}>
        {(data) => (
          <dl className="grid gap-1">
            {secrets.map(([key, label]) => (
              <Fact key={key} label={t(label)}>
                {data[key] ? t("secrets.set") : t("secrets.notSet")}
              </Fact>
            ))}
          </dl>
        )}
      </QueryBody>
    </StatusCard>
  );
}
