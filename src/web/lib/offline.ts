/** A read with nothing to show that waits for the network (TanStack pauses queries offline). */
export const isWaitingForNetwork = (query: { fetchStatus: string; data: unknown }) => query.fetchStatus === "paused" && query.data === undefined;
