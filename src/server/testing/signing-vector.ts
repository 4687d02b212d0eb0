/**
 * The published test vector of docs/agent-signing.md, which a user checks their n8n Code node
 * against; the signing tests and the starter workflow's tests both hold our code to it.
 */
export const SIGNING_VECTOR = {
  secret: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
  id: "6f1c2a3b-0000-4000-8000-000000000001",
  timestamp: 1767225600,
  body: '{"job_id":"6f1c2a3b-0000-4000-8000-000000000001","org_id":"2b7e1516-28ae-4d2a-a6d2-ab8815886f0a","message":"ping","context":{}}',
  signature: "sha256=acf5861e548d08bdf263ceba2fbaa1fa7bbd0cdd2b558a695419ad6b10ce7046",
} as const;
