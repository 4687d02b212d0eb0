import type { Connection, ConnectionProvider, ConnectionResponse } from "@/shared/connections";
import { useCreateConnection, useUpdateConnection } from "../api/mutate-connections";

/**
 * Connects or disconnects a provider without a key: a PATCH of the existing row, or a new row.
 * Disconnecting clears the row's credentials on the server (spec). Null when there is nothing to do.
 */
export function useSwitchConnection() {
  const create = useCreateConnection();
  const update = useUpdateConnection();
  return async (provider: ConnectionProvider, on: boolean, existing: Connection | undefined): Promise<ConnectionResponse | null> => {
    const status = on ? "connected" : "disconnected";
    if (existing) return update.mutateAsync({ connectionId: existing.id, status });
    return on ? create.mutateAsync({ provider, status }) : null;
  };
}
