// npm run secrets:rotate — re-encrypts every stored secret from SECRET_KEY to NEW_SECRET_KEY.
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { openDatabase } from "../src/server/db/client";
import { EnvError, loadEnv } from "../src/server/env";
import { rotateSecrets } from "../src/server/modules/connections/rotate-secrets";

const hexKey = /^[0-9a-f]{64}$/i;

/** Returns the exit code; `print` gets one line at a time. Nothing here ever prints a key. */
export async function rotateSecretKeyCommand(source: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  const newKey = source.NEW_SECRET_KEY?.trim() ?? "";
  if (!hexKey.test(newKey)) {
    print("NEW_SECRET_KEY must be 64 hex characters (32 bytes); generate one with: openssl rand -hex 32");
    return 1;
  }
  let env;
  try {
    env = loadEnv(source);
  } catch (error) {
    print(error instanceof EnvError ? error.message : String(error));
    return 1;
  }
  if (env.SECRET_KEY.toLowerCase() === newKey.toLowerCase()) {
    print("NEW_SECRET_KEY is the same as SECRET_KEY; nothing to do");
    return 1;
  }
  // Embedded mode without SECRET_KEY in the environment reads DATA_DIR/secret.key: that file is rewritten.
  const keyFile = !env.DATABASE_URL && !source.SECRET_KEY ? join(resolve(env.DATA_DIR), "secret.key") : undefined;
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // Written before the commit and renamed after it, so a full disk cannot leave the data under a key kept nowhere.
  const pending = keyFile ? `${keyFile}.new` : undefined;
  try {
    if (pending) writeFileSync(pending, newKey, { mode: 0o600 });
    const result = await rotateSecrets(database.db, env.SECRET_KEY, newKey);
    if (keyFile && pending) renameSync(pending, keyFile);
    print(`Re-encrypted ${result.reencrypted} secret${result.reencrypted === 1 ? "" : "s"} and the key check.`);
    if (result.unreadable > 0) print(`${result.unreadable} secret(s) did not decrypt with the old key either and were left unchanged; those keys must be entered again.`);
    print(keyFile ? `Wrote the new key to ${keyFile}. Start the server as usual.` : "Now set SECRET_KEY to the value of NEW_SECRET_KEY wherever the server's environment is configured, then restart every instance.");
    return 0;
  } catch (error) {
    if (pending) rmSync(pending, { force: true });
    print(`Nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  rotateSecretKeyCommand(process.env, (line) => console.log(line)).then((code) => process.exit(code));
}
