export type Encoding = "br" | "gzip";

/**
 * The encoding to send, from what the browser accepts (RFC 9110 Accept-Encoding, with q-values
 * and `*`) and what we have: brotli first, then gzip, undefined for the raw bytes. A q of 0
 * refuses an encoding.
 */
export function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | undefined {
  if (!header) return undefined;
  const quality = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (name) quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (enc: string) => (quality.get(enc) ?? (enc === "gzip" ? quality.get("x-gzip") : undefined) ?? quality.get("*") ?? 0) > 0;
  return (["br", "gzip"] as const).find((enc) => available.includes(enc) && accepts(enc));
}
