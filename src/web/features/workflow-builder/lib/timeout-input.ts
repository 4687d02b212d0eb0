import { workflowSettings } from "@/shared/workflows";
import { localizeValidationMessage } from "@/web/lib/validation-messages";

export type TimeoutInput = { ok: true; value: number } | { ok: false; message: string };

/** The Timeout field's text read by the shared schema: whole seconds within its bounds, else the schema's message. */
export function readTimeout(text: string): TimeoutInput {
  const trimmed = text.trim();
  // The schema coerces, and Number("") is 0: an empty field is "not a number", not "too small".
  const parsed = workflowSettings.shape.timeout.safeParse(trimmed === "" ? Number.NaN : trimmed);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: localizeValidationMessage(parsed.error.issues[0]?.message ?? "") };
}
