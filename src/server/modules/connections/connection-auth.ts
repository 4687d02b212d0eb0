import { isSealed, type SecretBox } from "../../lib/secret-box";

/** Fields of auth_json kept in clear; every other field is a secret and stored sealed. */
const CLEAR_FIELDS = new Set(["endpoint", "description"]);

export type StoredAuth = Record<string, string | null>;
type Owner = { orgId: string; connectionId: string };

/** A secret is bound to its organisation, row and field: a copy elsewhere does not open. */
export const secretContext = (owner: Owner, field: string) => [owner.orgId, owner.connectionId, field] as const;

export function sealAuth(box: SecretBox, owner: Owner, fields: Record<string, string | null | undefined>): StoredAuth {
  const stored: StoredAuth = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    stored[field] = value === null || CLEAR_FIELDS.has(field) ? value : box.seal(value, secretContext(owner, field));
  }
  return stored;
}

export type OpenedAuth = { apiKey: string | null; endpoint: string | null; description: string | null; unreadable: boolean };

/** The key in clear for a test, or unreadable when a secret does not open under this row and key. */
export function openAuth(box: SecretBox, owner: Owner, stored: StoredAuth | null): OpenedAuth {
  const opened: OpenedAuth = { apiKey: null, endpoint: stored?.endpoint ?? null, description: stored?.description ?? null, unreadable: false };
  for (const [field, value] of Object.entries(stored ?? {})) {
    if (value === null || CLEAR_FIELDS.has(field)) continue;
    // A secret stored in clear (written by hand or an old tool) is not trusted either.
    const plain = isSealed(value) ? box.open(value, secretContext(owner, field)) : null;
    if (plain === null) opened.unreadable = true;
    else if (field === "apiKey") opened.apiKey = plain;
  }
  return opened;
}
