import type { UseQueryResult } from "@tanstack/react-query";
import type { ProbeResult } from "./overall-state";

/** A query's latest outcome: a refetch that failed is a failure, though the earlier answer is kept. */
export const probeResultOf = <T,>(query: UseQueryResult<T>): ProbeResult<T> =>
  query.status === "error" ? { status: "error" } : query.status === "success" ? { status: "success", data: query.data } : { status: "pending" };
