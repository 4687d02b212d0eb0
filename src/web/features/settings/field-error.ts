import type { TFunction } from "i18next";
import type { z } from "zod";

/** The first message per field of a failed parse, translated: schema messages are keys of the auth catalogue. */
export function fieldErrors(error: z.ZodError, t: TFunction<"auth">): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    out[field] ??= t(issue.message as never);
  }
  return out;
}
