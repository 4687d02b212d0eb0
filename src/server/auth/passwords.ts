import { hash, verify } from "@node-rs/argon2";
import { createRequire } from "node:module";

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

/** A sorted list of distinct strings kept as one text, searched by halves: 0.8 MB of heap where a Set of the same 49,000 strings held 3.2 MB. */
type SortedWords = { text: string; starts: Uint32Array };

function sortedWords(words: Iterable<string>): SortedWords {
  const sorted = [...new Set(words)].sort();
  const starts = new Uint32Array(sorted.length + 1);
  sorted.forEach((word, i) => (starts[i + 1] = starts[i]! + word.length + 1));
  return { text: sorted.join("\n"), starts };
}

function includes({ text, starts }: SortedWords, word: string): boolean {
  let [low, high] = [0, starts.length - 2];
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const candidate = text.slice(starts[middle], starts[middle + 1]! - 1);
    if (candidate === word) return true;
    if (candidate < word) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

let common: SortedWords | undefined;

/**
 * zxcvbn's list, read with the first password checked and then dropped from the module cache: its
 * module (the compressed text, its decompressed array and the diceware words beside it) held
 * 2.4 MB of heap from start for good.
 */
function loadCommonPasswords(): SortedWords {
  const require = createRequire(import.meta.url);
  const path = require.resolve("@zxcvbn-ts/language-common/dist/passwords.json.cjs");
  try {
    return sortedWords((require(path) as string[]).map((p) => p.toLowerCase()));
  } finally {
    // The decompressor it required stays cached otherwise, and keeps the list reachable as its parent.
    for (const cached of Object.keys(require.cache)) if (cached.includes("@zxcvbn-ts")) delete require.cache[cached];
  }
}

/** About 49,000 leaked passwords from zxcvbn's list, compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  common ??= loadCommonPasswords();
  return includes(common, password.toLowerCase());
}
