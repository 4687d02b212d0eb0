import { useEffect, useSyncExternalStore } from "react";
import { api } from "@/web/lib/api";
import { connectivity, type ConnectivityState } from "@/web/lib/connectivity";

export const useConnectivity = (): ConnectivityState => useSyncExternalStore(connectivity.subscribe, connectivity.getState);

/**
 * While the server seems unreachable, asks its health every few seconds (connectivity.ts says
 * when); api() reports the answer, so the first one that comes back ends the outage. Follows the
 * browser's offline flag too, and does not ask while offline: no request could leave.
 */
export function useConnectivityWatch() {
  const { status, isOffline } = useConnectivity();

  useEffect(() => {
    const update = () => connectivity.setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  useEffect(() => {
    if (status === "ok" || isOffline) return;
    let isStopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const probe = async () => {
      await api("/functions/v1/health").catch(() => undefined);
      if (!isStopped) timer = setTimeout(probe, connectivity.nextProbeInMs());
    };
    timer = setTimeout(probe, connectivity.nextProbeInMs());
    return () => {
      isStopped = true;
      clearTimeout(timer);
    };
  }, [status, isOffline]);
}
