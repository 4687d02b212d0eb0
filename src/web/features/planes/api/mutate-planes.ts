import type { CreatePlaneInput, Plane, UpdatePlaneInput } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useOrgMutation } from "@/web/features/organisations/use-org-mutation";

export const useCreatePlane = () =>
  useOrgMutation(
    (orgId, input: CreatePlaneInput) => api<{ plane: Plane }>(orgPath(orgId, "/planes"), { method: "POST", body: input }).then((r) => r.plane),
    { entity: "plane", action: "created", ids: (_, plane) => plane.id },
  );

export const useUpdatePlane = () =>
  useOrgMutation(
    (orgId, { planeId, ...input }: UpdatePlaneInput & { planeId: string }) =>
      api<{ plane: Plane }>(orgPath(orgId, `/planes/${planeId}`), { method: "PATCH", body: input }).then((r) => r.plane),
    { entity: "plane", action: "updated", ids: (input) => input.planeId },
  );

export const useDeletePlane = () =>
  useOrgMutation(
    (orgId, { planeId, projects, target }: { planeId: string; projects: "refuse" | "move" | "delete"; target?: string }) => {
      const query = new URLSearchParams({ projects, ...(target ? { target } : {}) });
      return api<{ moved: number; deleted: number }>(orgPath(orgId, `/planes/${planeId}?${query}`), { method: "DELETE" });
    },
    { entity: "plane", action: "deleted", ids: (input) => input.planeId },
  );
