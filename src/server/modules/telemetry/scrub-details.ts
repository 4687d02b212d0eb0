/**
 * Telemetry keeps no personal data beyond the user id: e-mail addresses and anything that looks
 * like a key or token are replaced before an event is stored, as are fields named like secrets.
 */
type Detail = string | number | boolean | null;

const SECRET_NAME = /pass|secret|token|apikey|(^|[_.-])key($|[_.-])|auth|cookie|session|email|e-mail|phone/i;
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
const SECRETS = [
  /\bBearer\s+\S+/gi,
  /\b(?:sk|pk|rk|ghp|gho|ghs|xox[abp])[-_][A-Za-z0-9_-]{8,}/g,
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
  /\b[0-9a-f]{32,}\b/gi,
  /[A-Za-z0-9+_-]{40,}={0,2}/g,
];

export function scrubText(text: string): string {
  let out = text.replace(EMAIL, "[email]");
  for (const pattern of SECRETS) out = out.replace(pattern, "[redacted]");
  return out;
}

export function scrubDetails(details: Record<string, Detail>): Record<string, Detail> {
  const clean: Record<string, Detail> = {};
  for (const [key, value] of Object.entries(details)) {
    const name = scrubText(key);
    clean[name] = SECRET_NAME.test(key) && value !== null && typeof value !== "boolean" ? "[redacted]" : typeof value === "string" ? scrubText(value) : value;
  }
  return clean;
}
