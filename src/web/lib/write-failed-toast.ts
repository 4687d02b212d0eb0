import { toast } from "sonner";
import i18n from "@/web/i18n";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { isUnreachable } from "./api";
import { formFailureOf } from "./form-errors";
import { errorMessage } from "./error-message";

// One toast for all writes that fail while the server is away or the browser offline; the banner says the rest.
const UNREACHABLE_TOAST_ID = "server-unreachable";

/** A failed write, told once, in the words of errorMessage (the caller's text for a 5xx). */
export function toastWriteFailed(error: unknown, fallback: string) {
  const description = errorMessage(error, i18n.t, { fallback, isWrite: true });
  if (isUnreachable(error)) toast.error(description, { id: UNREACHABLE_TOAST_ID });
  else toast.error(i18n.t("error"), { description });
}

/** What a form shows after a failed save: the toast above, the same words, and the server's per-field errors. */
export type FailedWrite = { ok: false; message: string; fields: Record<string, string> };

export function failedWrite(error: unknown, fallback: string): FailedWrite {
  toastWriteFailed(error, fallback);
  const { message, fields } = formFailureOf(error, fallback);
  return { ok: false, message: message ?? fallback, fields };
}

/** Puts a failed save on a react-hook-form form: each known field's error beside it, the message above. */
export function showFailedWrite<F extends FieldValues>(form: Pick<UseFormReturn<F>, "setError">, failure: FailedWrite, fieldNames: readonly Path<F>[]): void {
  for (const [key, message] of Object.entries(failure.fields)) if ((fieldNames as readonly string[]).includes(key)) form.setError(key as Path<F>, { message });
  form.setError("root", { message: failure.message });
}
