import type { KeyTestResult } from "@/shared/connections";
import { checkAccount, type BrowserUseConfig } from "./browser-use-api";

/** Asks Browser Use who the key belongs to: 200 valid, 401/403/404 refused, no answer unreachable. */
export async function testBrowserUseKey(config: BrowserUseConfig, apiKey: string): Promise<KeyTestResult> {
  const reply = await checkAccount(config, apiKey);
  if (reply.kind === "ok") return { outcome: "valid", message: "Browser Use accepted the key" };
  if (reply.kind === "unreachable") return { outcome: "invalid", message: `Could not reach Browser Use: ${reply.reason}` };
  // A key Browser Use does not know answers 401, or 404 "Project for a given API key not found".
  if (reply.status === 401 || reply.status === 403 || reply.status === 404) return { outcome: "invalid", message: `Browser Use refused the key (${reply.status})` };
  return { outcome: "invalid", message: `Browser Use answered with status ${reply.status}, so the key could not be confirmed` };
}
