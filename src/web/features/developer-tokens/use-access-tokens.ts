import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccessToken, CreateAccessTokenInput, CreatedAccessToken } from "@/shared/access-tokens";
import { api } from "@/web/lib/api";

const PATH = "/api/v1/me/access-tokens";
export const ACCESS_TOKENS_KEY = ["account", "access-tokens"] as const;

export const useAccessTokens = () => useQuery({ queryKey: ACCESS_TOKENS_KEY, queryFn: async () => (await api<{ tokens: AccessToken[] }>(PATH)).tokens });

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessTokenInput) => api<CreatedAccessToken>(PATH, { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCESS_TOKENS_KEY }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: AccessToken) => api(`${PATH}/${token.id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCESS_TOKENS_KEY }),
  });
}
