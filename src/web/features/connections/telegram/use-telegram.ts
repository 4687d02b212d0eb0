import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LinkCodeResponse, TelegramStatus, TelegramTestResult } from "@/shared/messaging";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

const telegramKey = (orgId: string) => ["org", orgId, "telegram"] as const;

/** The Telegram card's state, as the server judges it (connected only after a passing test). */
export function useTelegram() {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const key = telegramKey(orgId);
  const status = useQuery({ queryKey: key, queryFn: async () => (await api<{ telegram: TelegramStatus }>(orgPath(orgId, "/telegram"))).telegram });
  const keep = (next: TelegramStatus) => queryClient.setQueryData(key, next);
  const connect = useMutation({
    mutationFn: (botToken: string) => api<TelegramTestResult>(orgPath(orgId, "/telegram"), { method: "PUT", body: { bot_token: botToken } }),
    onSuccess: (r) => keep(r.status),
  });
  const test = useMutation({ mutationFn: () => api<TelegramTestResult>(orgPath(orgId, "/telegram/test"), { method: "POST" }), onSuccess: (r) => keep(r.status) });
  const disconnect = useMutation({ mutationFn: () => api<{ telegram: TelegramStatus }>(orgPath(orgId, "/telegram"), { method: "DELETE" }), onSuccess: (r) => keep(r.telegram) });
  const linkCode = useMutation({ mutationFn: () => api<LinkCodeResponse>(orgPath(orgId, "/telegram/link-code"), { method: "POST" }) });
  const unlink = useMutation({ mutationFn: () => api<{ telegram: TelegramStatus }>(orgPath(orgId, "/telegram/link"), { method: "DELETE" }), onSuccess: (r) => keep(r.telegram) });
  return { status, connect, test, disconnect, linkCode, unlink, refresh: () => queryClient.invalidateQueries({ queryKey: key }) };
}
