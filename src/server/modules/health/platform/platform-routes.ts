import { Hono } from "hono";
import { budget } from "../../../lib/budgets";
import { scanIssueParams, updateHealingConfigInput, type HealingConfigResponse, type ManualFixResponse, type PlatformScanResponse, type PlatformScansResponse } from "@/shared/platform-health";
import type { AppEnv } from "../../../context";
import { AppError } from "../../../lib/errors";
import { callerIsOperator } from "../../../lib/operators";
import { parseBody, parseWith } from "../../../lib/parse";
import { ctxOf, orgScope } from "../../organisations/org-scope";
import { applyPlatformFix } from "./apply-platform-fix";
import { dispatchManualFix } from "./dispatch-manual-fix";
import { getHealingConfig, updateHealingConfig } from "./healing-config";
import { listPlatformScans } from "./list-platform-scans";
import { platformDepsOf } from "./platform-deps";
import { runPlatformScan } from "./run-platform-scan";
import { languageOfRequest } from "../../../i18n/request-language";
import { platformScanIn } from "../report-language";

// The Self-Healing System page's API (owners: health.scan in route-policies.ts); repairing the platform itself is its operators' (apply-platform-fix.ts).
export const platformHealthRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/config", async (c) => c.json<HealingConfigResponse>({ config: await getHealingConfig(ctxOf(c)) }))
  .put("/config", async (c) => c.json<HealingConfigResponse>({ config: await updateHealingConfig(ctxOf(c), await parseBody(c, updateHealingConfigInput)) }))
  .get("/scans", async (c) => c.json<PlatformScansResponse>({ scans: (await listPlatformScans(ctxOf(c))).map((scan) => platformScanIn(languageOfRequest(c), scan)) }))
  .post("/scans", budget("scan"), async (c) => {
    const { scope } = ctxOf(c);
    const scan = await runPlatformScan(platformDepsOf(c.get("services")), { orgId: scope.orgId, userId: scope.userId }, "manual");
    if (!scan) throw new AppError("conflict", "A scan is already running for this organisation");
    return c.json<PlatformScanResponse>({ scan: platformScanIn(languageOfRequest(c), scan) });
  })
  .post("/scans/:scanId/issues/:issueId/fix", async (c) => {
    const { scope } = ctxOf(c);
    const { scanId, issueId } = parseWith(scanIssueParams, c.req.param());
    const scan = await applyPlatformFix(platformDepsOf(c.get("services")), { orgId: scope.orgId, userId: scope.userId, operator: await callerIsOperator(c) }, scanId, issueId, "manual");
    return c.json<PlatformScanResponse>({ scan: platformScanIn(languageOfRequest(c), scan) });
  })
  .post("/scans/:scanId/issues/:issueId/manual-fix", budget("agent"), async (c) => {
    const { scope } = ctxOf(c);
    const { scanId, issueId } = parseWith(scanIssueParams, c.req.param());
    const fixed = await dispatchManualFix(platformDepsOf(c.get("services")), scope, scanId, issueId, await callerIsOperator(c));
    return c.json<ManualFixResponse>({ ...fixed, scan: platformScanIn(languageOfRequest(c), fixed.scan) });
  });
