import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { ProjectMailAddress, updateProjectMailInput } from "@/shared/inbound-mail";
import { projectMailAddresses } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { projects } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Db } from "../../db/client";
import { newProjectToken, projectAddressOf } from "./inbound-address";

/** Another organisation's project, or none: the same 404, so nothing leaks. */
async function projectOfOrg(db: Pick<Db, "select">, orgId: string, projectId: string): Promise<void> {
  const [found] = await db.select({ id: projects.id }).from(projects).where(and(eq(projects.id, projectId), eq(projects.orgId, orgId)));
  if (!found) throw new AppError("not_found", "Project not found");
}

type ProjectMailCtx = Pick<Ctx, "db" | "scope"> & { domain: string };

const toAddress = (projectId: string, row: { token: string; allowedSenders: string[] } | undefined, domain: string): ProjectMailAddress => ({
  project_id: projectId,
  address: row ? projectAddressOf(row.token, domain) : null,
  allowed_senders: row?.allowedSenders ?? [],
});

export async function getProjectMail({ db, scope, domain }: ProjectMailCtx, projectId: string): Promise<ProjectMailAddress> {
  await projectOfOrg(db, scope.orgId, projectId);
  const [row] = await db.select().from(projectMailAddresses).where(and(eq(projectMailAddresses.projectId, projectId), eq(projectMailAddresses.orgId, scope.orgId)));
  return toAddress(projectId, row, domain);
}

/** Makes the project's address, or a new one: the old address stops working at once. */
export async function regenerateProjectMail({ db, scope, domain }: ProjectMailCtx, projectId: string): Promise<ProjectMailAddress> {
  return db.transaction(async (tx) => {
    await projectOfOrg(tx, scope.orgId, projectId);
    const token = newProjectToken();
    const [row] = await tx
      .insert(projectMailAddresses)
      .values({ projectId, orgId: scope.orgId, token })
      .onConflictDoUpdate({ target: projectMailAddresses.projectId, set: { token, updatedAt: new Date() } })
      .returning();
    return toAddress(projectId, row, domain);
  });
}

export async function updateProjectMail({ db, scope, domain }: ProjectMailCtx, projectId: string, input: z.infer<typeof updateProjectMailInput>): Promise<ProjectMailAddress> {
  const allowed = [...new Set(input.allowed_senders)];
  return db.transaction(async (tx) => {
    await projectOfOrg(tx, scope.orgId, projectId);
    const [row] = await tx
      .insert(projectMailAddresses)
      .values({ projectId, orgId: scope.orgId, token: newProjectToken(), allowedSenders: allowed })
      .onConflictDoUpdate({ target: projectMailAddresses.projectId, set: { allowedSenders: allowed, updatedAt: new Date() } })
      .returning();
    return toAddress(projectId, row, domain);
  });
}
