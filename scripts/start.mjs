// npm start: build the SPA and the server bundle if needed, then run the bundle (it applies
// migrations and prints the URL). Plain JavaScript, no tsx at run time: see README "Memory".
import { execFileSync, spawn } from "node:child_process";
import { buildWebIfStale } from "./build-web.mjs";

const root = new URL("..", import.meta.url).pathname;
buildWebIfStale();
// In a child, so esbuild never loads into this process, which stays alive beside the server.
execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root, stdio: "inherit" });
const child = spawn(process.execPath, ["dist/server/index.mjs"], { stdio: "inherit", cwd: root });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
