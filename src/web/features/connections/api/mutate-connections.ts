import type { ConnectionResponse, CreateConnectionInput, UpdateConnectionInput } from "@/shared/connections";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useOrgMutation } from "@/web/features/organisations/use-org-mutation";

const connectionPath = (orgId: string, connectionId: string, tail = "") => orgPath(orgId, `/connections/${connectionId}${tail}`);

export const useCreateConnection = () =>
  useOrgMutation(
    (orgId, input: CreateConnectionInput) => api<ConnectionResponse>(orgPath(orgId, "/connections"), { method: "POST", body: input }),
    { entity: "connection", action: "created", ids: (_, r) => r.connection.id },
  );

export const useUpdateConnection = () =>
  useOrgMutation(
    (orgId, { connectionId, ...input }: UpdateConnectionInput & { connectionId: string }) =>
      api<ConnectionResponse>(connectionPath(orgId, connectionId), { method: "PATCH", body: input }),
    { entity: "connection", action: "updated", ids: (input) => input.connectionId },
  );

export const useDeleteConnection = () =>
  useOrgMutation((orgId, connectionId: string) => api<{ ok: true }>(connectionPath(orgId, connectionId), { method: "DELETE" }), {
    entity: "connection",
    action: "deleted",
    ids: (connectionId) => connectionId,
  });

/** Runs the server's test of what is saved; the provider is asked by the server, never by this browser. */
export const useTestConnection = () =>
  useOrgMutation((orgId, connectionId: string) => api<ConnectionResponse>(connectionPath(orgId, connectionId, "/test"), { method: "POST" }), {
    entity: "connection",
    action: "updated",
    ids: (connectionId) => connectionId,
  });
