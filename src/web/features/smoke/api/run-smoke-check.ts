import { smokeResult, type SmokeCheck, type SmokeResult } from "@/shared/smoke";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api } from "@/web/lib/api";

/** One check, run by the server against itself; a failed check is an answer, not an error. */
export async function runSmokeCheck(orgId: string, check: SmokeCheck): Promise<SmokeResult> {
  return smokeResult.parse(await api(orgPath(orgId, `/smoke/${check}`), { method: "POST" }));
}
