// npm start: build the SPA and the server bundle if needed, then run the bundle (it applies
// migrations and prints the URL). Plain JavaScript, no tsx at run time: see README "Memory".
//
// The server runs in this very process, so nothing stays beside it (a launcher waiting on a child
// held 47 MB). package.json starts this file with --max-semi-space-size=2: V8's young generation
// grows to 48 MB under load and keeps it, so RSS stayed ~50 MB above its start for good; with 2 MB
// semi-spaces it comes back within seconds (bench/memory.ts). The builds run in children, so
// neither esbuild nor Vite is ever loaded here.
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { buildWebIfStale } from "./build-web.mjs";

const root = new URL("..", import.meta.url).pathname;
buildWebIfStale();
execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root, stdio: "inherit" });
process.chdir(root);
await import(pathToFileURL(`${root}dist/server/index.mjs`).href);
