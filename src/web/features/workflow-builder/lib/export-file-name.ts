import { n8nWebhookOf } from "@/shared/workflows";

/** `<n8n_webhook>.json`; characters no file system accepts become hyphens, and an unnamed draft is workflow.json. */
export function exportFileName(name: string): string {
  const base = n8nWebhookOf(name)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what file systems refuse
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, "-")
    .replace(/^\.+/, "");
  return `${base || "workflow"}.json`;
}
