import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text formats only: images and fonts are compressed already. index.html is left out because the
// server writes the product name into it and compresses that page itself, once, at start.
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Writes `file.br` (quality 11) and `file.gz` (level 9) beside each text file, when smaller. */
export async function compressDirectory(dir: string): Promise<{ files: number; raw: number; br: number; gzip: number }> {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  const candidates = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f) && relative(dir, f) !== "index.html");
  await Promise.all(
    candidates.map(async (file) => {
      const raw = await readFile(file);
      if (raw.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzipAsync(raw, { level: 9 }),
      ]);
      totals.files++;
      totals.raw += raw.length;
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
      totals.br += Math.min(br.length, raw.length);
      totals.gzip += Math.min(gz.length, raw.length);
    }),
  );
  return totals;
}

/** Vite build plugin: precompressed copies the server picks by Accept-Encoding (src/server/static.ts). */
export function compressAssets(): Plugin {
  let outDir = "";
  let log: (message: string) => void = console.log;
  return {
    name: "whq:compress-assets",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    // After every file (the public folder's too) is in place.
    async closeBundle() {
      const t = await compressDirectory(outDir);
      const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      log(`compressed ${t.files} files: ${kb(t.raw)} raw, ${kb(t.br)} brotli, ${kb(t.gzip)} gzip`);
    },
  };
}
