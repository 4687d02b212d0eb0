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

/** A field's text when the request names a field its schema does not know (extract-messages SEEDS). */
export const UNKNOWN_FIELD = "Unknown field: this request does not accept it";

/** A misspelt or extra field is named, never dropped in silence: `auth_json.api_key` for `apiKey` would store no key. */
function refuseUnknownFields(error: z.ZodError) {
  const unknown = error.issues.flatMap((issue) => (issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key].join(".")) : []));
  if (unknown.length === 0) return;
  const names = unknown.join(", ");
  throw new AppError("bad_request", `Unknown fields: ${names}`, Object.fromEntries(unknown.map((path) => [path, UNKNOWN_FIELD])));
}

/**
 * Every payload, query and set of path parameters passes here. Unstorable text (NUL, lone
 * surrogates) never reaches it: the text guard (lib/text-guard.ts) refused it before any route ran.
 */
export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  refuseUnknownFields(result.error);
  const error = new AppError("bad_request", "Some fields are not valid", fieldErrors(result.error));
  // Our schemas' own messages outrank a parse's error map, so only zod's defaults change here.
  error.fieldsIn = (lang) => {
    if (lang === "en") return fieldErrors(result.error);
    const again = schema.safeParse(raw, { error: zodLocales[lang]().localeError });
    return again.success ? fieldErrors(result.error) : fieldErrors(again.error);
  };
  throw error;
}
