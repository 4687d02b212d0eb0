// npm start: build the SPA if needed, then run the server (it applies migrations and prints the URL).
import { spawn } from "node:child_process";
import { buildWebIfStale } from "./build-web.mjs";

buildWebIfStale();
const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], { stdio: "inherit", cwd: new URL("..", import.meta.url).pathname });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
