import type { z } from "zod";
import i18n from "@/web/i18n";
import { ApiError } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { localizeValidationMessage } from "@/web/lib/validation-messages";
import "@/web/lib/zod-language";

export type FieldErrors = Record<string, string>;
export type FormFailure = { fields: FieldErrors; message: string | null; isPlanLimit: boolean };
export const noFailure: FormFailure = { fields: {}, message: null, isPlanLimit: false };

/** First message per field from a failed parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= localizeValidationMessage(issue.message);
  }
  return fields;
}

/** A failed save as the form shows it: field errors inline, anything else above the fields. */
export function formFailureOf(error: unknown, fallback: string): FormFailure {
  const message = errorMessage(error, i18n.t, { fallback, isWrite: true });
  if (error instanceof ApiError) {
    const fields = Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, text]) => [field, localizeValidationMessage(text)]));
    return { fields, message, isPlanLimit: error.code === "plan_limit" };
  }
  return { fields: {}, message, isPlanLimit: false };
}
