import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { formFailureOf } from "./form-errors";
import { toastWriteFailed } from "./write-failed-toast";

// Apart from write-failed-toast.ts: the forms' error mapping (and zod's messages with it) loads
// with the forms, not with every screen that can fail a write.

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
