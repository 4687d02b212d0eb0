// npm start: build the SPA and the server bundle if needed, then run the bundle (it applies
// migrations and prints the URL). Plain JavaScript, no tsx at run time: see README "Memory".
import { execFileSync, spawn } from "node:child_process";
import { buildWebIfStale } from "./build-web.mjs";

const root = new URL("..", import.meta.url).pathname;
buildWebIfStale();
// In a child, so esbuild never loads into this process, which stays alive beside the server.
execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root, stdio: "inherit" });
// V8's young generation grows to 48 MB under load and keeps it, so RSS stayed ~50 MB above its
// start for good; with 2 MB semi-spaces it comes back within seconds (bench/memory.ts, README "Memory").
const child = spawn(process.execPath, ["--max-semi-space-size=2", "dist/server/index.mjs"], { stdio: "inherit", cwd: root });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
