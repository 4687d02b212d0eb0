import type { OpsEnvironment } from "@/shared/ops";

const mark = { ok: "OK", warn: "WARN", missing: "MISSING" } as const;

/** The environment as plain text for a ticket: the server's details hold no secret values. */
export function environmentReport(env: OpsEnvironment, pageUrl: string): string {
  const lines = [
    `We Love HQ environment report, ${env.checkedAt}`,
    `Served from ${pageUrl}; APP_URL ${env.appUrl}; database ${env.databaseKind}`,
    `Version ${env.release.version}, commit ${env.release.commit ?? "unknown"}`,
    `Migrations: ${env.migrations.applied} of ${env.migrations.available} applied (latest ${env.migrations.latestApplied ?? "none"})`,
    "",
    ...env.checks.map((c) => `[${mark[c.state]}] ${c.label}: ${c.detail}`),
  ];
  return lines.join("\n");
}
