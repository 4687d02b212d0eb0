import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LinkCodeResponse, WhatsappConnectInput, WhatsappStatus, WhatsappTestResult } from "@/shared/messaging";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

const whatsappKey = (orgId: string) => ["org", orgId, "whatsapp"] as const;

/** The WhatsApp card's state, as the server judges it (connected only after the Graph API read the number). */
export function useWhatsapp() {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const key = whatsappKey(orgId);
  const status = useQuery({ queryKey: key, queryFn: async () => (await api<{ whatsapp: WhatsappStatus }>(orgPath(orgId, "/whatsapp"))).whatsapp });
  const keep = (next: WhatsappStatus) => queryClient.setQueryData(key, next);
  const connect = useMutation({
    mutationFn: (input: WhatsappConnectInput) => api<WhatsappTestResult>(orgPath(orgId, "/whatsapp"), { method: "PUT", body: input }),
    onSuccess: (r) => keep(r.status),
  });
  const test = useMutation({ mutationFn: () => api<WhatsappTestResult>(orgPath(orgId, "/whatsapp/test"), { method: "POST" }), onSuccess: (r) => keep(r.status) });
  const disconnect = useMutation({ mutationFn: () => api<{ whatsapp: WhatsappStatus }>(orgPath(orgId, "/whatsapp"), { method: "DELETE" }), onSuccess: (r) => keep(r.whatsapp) });
  const linkCode = useMutation({ mutationFn: () => api<LinkCodeResponse>(orgPath(orgId, "/whatsapp/link-code"), { method: "POST" }) });
  const unlink = useMutation({ mutationFn: () => api<{ whatsapp: WhatsappStatus }>(orgPath(orgId, "/whatsapp/link"), { method: "DELETE" }), onSuccess: (r) => keep(r.whatsapp) });
  // Refetched, not invalidated: the caller waits for the answer to say whether the link arrived.
  const refresh = async () => (await status.refetch()).data;
  return { status, connect, test, disconnect, linkCode, unlink, refresh };
}
