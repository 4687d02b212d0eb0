import type { Language } from "@/shared/languages";
import type { PlatformScan } from "@/shared/platform-health";
import type { ProjectHealthReport } from "@/shared/project-health";
import { translateServerMessage } from "../../i18n/server-messages";

// Scan findings are stored as the checks wrote them, in English, and said in the reader's language
// when read (shared/i18n/messages), so a report keeps no language and reads right after a switch.

/**
 * A check's detail may list several findings, "a; b": each is translated. A text that is one
 * sentence with a semicolon of its own ("Sessions are readable; get-session answered 200 in 9 ms")
 * is translated whole when its parts are not texts of ours.
 */
export function saidEach(lang: Language, text: string): string {
  const parts = text.split("; ");
  const each = parts.map((part) => translateServerMessage(lang, part));
  // French sets a narrow no-break space before the semicolon.
  const joined = each.join(lang === "fr" ? "\u202f; " : "; ");
  if (parts.length === 1 || each.every((said, i) => said !== parts[i])) return joined;
  const whole = translateServerMessage(lang, text);
  return whole !== text ? whole : joined;
}

export function platformScanIn(lang: Language, scan: PlatformScan): PlatformScan {
  if (lang === "en") return scan;
  return {
    ...scan,
    checks: scan.checks.map((check) => ({ ...check, detail: saidEach(lang, check.detail) })),
    issues: scan.issues.map((issue) => ({
      ...issue,
      description: saidEach(lang, issue.description),
      fix_result: issue.fix_result === null ? null : translateServerMessage(lang, issue.fix_result),
    })),
  };
}

export function projectReportIn<R extends ProjectHealthReport | null>(lang: Language, report: R): R {
  if (lang === "en" || report === null) return report;
  return {
    ...report,
    checks: report.checks.map((check) => ({ ...check, detail: check.detail === null ? null : translateServerMessage(lang, check.detail) })),
    issues: report.issues.map((issue) => ({ ...issue, description: translateServerMessage(lang, issue.description), fix_suggestion: translateServerMessage(lang, issue.fix_suggestion) })),
  };
}
