import { workflowTimeoutSeconds } from "@/shared/workflows";
import { localizeValidationMessage } from "@/web/lib/validation-messages";

export type TimeoutInput = { ok: true; value: number | null } | { ok: false; message: string };

/** The Timeout field's text read by the shared schema: whole seconds within its bounds, empty for no limit, else the schema's message. */
export function readTimeout(text: string): TimeoutInput {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: null };
  const parsed = workflowTimeoutSeconds.safeParse(trimmed);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: localizeValidationMessage(parsed.error.issues[0]?.message ?? "") };
}
