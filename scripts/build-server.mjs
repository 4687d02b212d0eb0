// Bundles the server into dist/server/index.mjs when it is missing or older than any source file,
// so `npm start` runs plain JavaScript: tsx's on-the-fly transpiler costs tens of MB of memory.
// Packages stay in node_modules (imported at run time); only our own TypeScript is bundled.
import { build } from "esbuild";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { newestMtime } from "./stale.mjs";

const root = new URL("..", import.meta.url).pathname;
export const serverBundle = join(root, "dist/server/index.mjs");

/**
 * Each file keeps its own import.meta.url (that of its source file, relative to the bundle), so
 * paths such as the migrations folder or package.json resolve as they do under tsx.
 */
const keepImportMetaUrl = {
  name: "keep-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const fromBundle = relative(dirname(serverBundle), args.path).split("\\").join("/");
      return { contents: source.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: "ts" };
    });
  },
};

export async function buildServerIfStale({ quiet = false } = {}) {
  const sources = ["src/server", "src/shared"].map((d) => join(root, d));
  const sourceTime = Math.max(...sources.map(newestMtime), ...["package.json", "tsconfig.json", "scripts/build-server.mjs"].map((f) => statSync(join(root, f)).mtimeMs));
  if (existsSync(serverBundle) && statSync(serverBundle).mtimeMs >= sourceTime) return false;
  if (!quiet) console.log("Building the server…");
  await build({
    entryPoints: [join(root, "src/server/index.ts")],
    outfile: serverBundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    tsconfig: join(root, "tsconfig.json"),
    logLevel: "warning",
    plugins: [keepImportMetaUrl],
  });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerIfStale();
