import { queryOptions, useQuery } from "@tanstack/react-query";
import { secretsReadyResponse } from "@/shared/functions";
import { probe, probeOptions } from "./probe";

export const secretsReadyQuery = queryOptions({ queryKey: ["status", "secrets-ready"], queryFn: () => probe("/functions/v1/secrets-ready", secretsReadyResponse), ...probeOptions });

/** Signed-in viewers only: the function needs a session, so the page renders this for them alone. */
export const useSecretsReady = () => useQuery(secretsReadyQuery);
