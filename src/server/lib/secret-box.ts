import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for secrets at rest. The key is derived from SECRET_KEY with HKDF, so the same
 * SECRET_KEY can serve other purposes (sessions) without reusing the raw bytes. The associated
 * data binds a ciphertext to its row and field: copied elsewhere, it does not decrypt.
 */
export type SecretBox = {
  seal: (plaintext: string, context: readonly string[]) => string;
  /** The plaintext, or null when the envelope is malformed, tampered with, or bound elsewhere. */
  open: (envelope: string, context: readonly string[]) => string | null;
};

const PREFIX = "enc:v1:";
const HKDF_INFO = "we-love-hq secrets at rest v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isSealed(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(PREFIX);
}

export function createSecretBox(secretKeyHex: string): SecretBox {
  if (!/^[0-9a-f]{64}$/i.test(secretKeyHex)) throw new Error("SECRET_KEY must be 64 hex characters");
  const key = Buffer.from(hkdfSync("sha256", Buffer.from(secretKeyHex, "hex"), Buffer.alloc(0), HKDF_INFO, 32));
  // A separator that cannot occur inside a uuid or field name, so ("ab","c") and ("a","bc") differ.
  const aad = (context: readonly string[]) => Buffer.from(context.join("\u0000"), "utf8");

  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad(context));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${iv.toString("base64")}:${body.toString("base64")}`;
    },
    open(envelope, context) {
      if (!isSealed(envelope)) return null;
      const [ivText, bodyText, extra] = envelope.slice(PREFIX.length).split(":");
      if (!ivText || !bodyText || extra !== undefined) return null;
      const iv = Buffer.from(ivText, "base64");
      const body = Buffer.from(bodyText, "base64");
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv);
        decipher.setAAD(aad(context));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
