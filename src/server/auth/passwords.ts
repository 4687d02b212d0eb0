import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const argonOptions = { algorithm: 2 /* Argon2id; the enum is a const enum tsx cannot import */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, argonOptions);

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let common: Set<string> | undefined;

/** About 49,000 leaked passwords from zxcvbn's list, compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
