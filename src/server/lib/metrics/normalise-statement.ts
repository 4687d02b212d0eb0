export const STATEMENT_MAX_CHARS = 300;

/**
 * A statement as diagnostics may show it to any organisation's owner: string, dollar-quoted and
 * numeric literals become '?', so a value written into the text (not sent as a parameter) never
 * shows; whitespace is folded and the text cut. Placeholders ($1) stay: they carry no value.
 */
export function normaliseStatement(text: string): string {
  const folded = text
    .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "?")
    .replace(/(?:\b[EeBbXxUu])?'(?:[^']|'')*'?/g, "?")
    .replace(/(?<![\w$."])\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/g, "?")
    .replace(/\s+/g, " ")
    .trim();
  return folded.length > STATEMENT_MAX_CHARS ? `${folded.slice(0, STATEMENT_MAX_CHARS - 1)}…` : folded;
}
