// npm run dev: the API server with reload on port 3000 and Vite's dev server in front of it.
import { spawn } from "node:child_process";

const cwd = new URL("..", import.meta.url).pathname;
const env = { ...process.env, NODE_ENV: "development", APP_URL: process.env.APP_URL ?? "http://localhost:5173", MAIL_OUTBOX: "1" };
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "src/server/index.ts"], { stdio: "inherit", cwd, env }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { stdio: "inherit", cwd, env }),
];
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => children.forEach((c) => c.kill(signal)));
