import type { Context } from "hono";
import { z } from "zod";
import type { Language } from "@/shared/languages";
import { AppError } from "./errors";

/** zod's own messages per language; English is its default. */
const zodLocales: Record<Exclude<Language, "en">, () => { localeError: z.core.$ZodErrorMap }> = { de: z.locales.de, fr: z.locales.fr };

function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON");
  }
  return parseWith(schema, raw);
}

/**
 * Every payload, query and set of path parameters passes here. Unstorable text (NUL, lone
 * surrogates) never reaches it: the text guard (lib/text-guard.ts) refused it before any route ran.
 */
export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const error = new AppError("bad_request", "Some fields are not valid", fieldErrors(result.error));
  // Our schemas' own messages outrank a parse's error map, so only zod's defaults change here.
  error.fieldsIn = (lang) => {
    if (lang === "en") return fieldErrors(result.error);
    const again = schema.safeParse(raw, { error: zodLocales[lang]().localeError });
    return again.success ? fieldErrors(result.error) : fieldErrors(again.error);
  };
  throw error;
}
