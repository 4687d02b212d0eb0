import { LoaderCircle, WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useConnectivity, useConnectivityWatch } from "./use-connectivity";

/**
 * One slim bar above the header while the server cannot be reached (Reconnecting…: it is asked
 * again) or the browser is offline (Offline: nothing is tried until the network is back), instead
 * of an error per failed request. It goes away by itself. The live region is always
 * there, so screen readers announce the bar when it appears.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  useConnectivityWatch();
  const { status, isOffline } = useConnectivity();
  const isShown = isOffline || status === "down";
  return (
    <div role="status" aria-live="polite">
      {isShown && (
        <div className="flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-1.5 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
          {isOffline ? <WifiOff className="size-4 shrink-0" aria-hidden /> : <LoaderCircle className="size-4 shrink-0 motion-safe:animate-spin" aria-hidden />}
          <p>
            <strong className="font-semibold">{t(isOffline ? "connectivity.offlineTitle" : "connectivity.reconnecting")}</strong>{" "}
            {t(isOffline ? "connectivity.offline" : "connectivity.serverDown")}
          </p>
        </div>
      )}
    </div>
  );
}
