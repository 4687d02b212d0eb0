import { useTranslation } from "react-i18next";
import { connectionProviders, type ConnectionProvider } from "@/shared/connections";

const isConnectionProvider = (value: string): value is ConnectionProvider => (connectionProviders as readonly string[]).includes(value);

/** Display names for providers; a provider this build does not know shows as stored. */
export function useProviderName() {
  const { t } = useTranslation("connections");
  return (provider: string) => (isConnectionProvider(provider) ? t(`providers.${provider}`) : provider);
}
