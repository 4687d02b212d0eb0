// npx tsx bench/body-limits.ts: the server's memory while clients send oversized bodies.
// Starts the real server (embedded database) in a child process, sends ten 50 MB POSTs at once,
// streamed without Content-Length (the case a declared length cannot short-cut) and, separately,
// one 300 MB POST with its length declared, and prints the server's RSS before and after.
// Prints figures; not a test. Traffic goes to 127.0.0.1 only.
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rssKb, spawnServer } from "./support";

const MB = 1024 * 1024;

const rssOf = (pid: number) => rssKb(pid) / 1024;

function post(url: string, bytes: number, declared: boolean): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { "content-type": "application/json", origin: url, ...(declared ? { "content-length": String(bytes) } : { "transfer-encoding": "chunked" }) };
    const req = request(`${url}/api/auth/sign-in/email`, { method: "POST", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    const chunk = Buffer.alloc(MB, "x");
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += MB;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    req.on("response", () => (sent = bytes)); // answered: stop sending
    pump();
  });
}

const { child: server, url } = await spawnServer({ DATA_DIR: mkdtempSync(join(tmpdir(), "whq-bench-body-")), LOG_LEVEL: "silent" });
const pid = server.pid!;
const before = rssOf(pid);
const started = performance.now();
const streamed = await Promise.all(Array.from({ length: 10 }, () => post(url, 50 * MB, false)));
const afterStreamed = rssOf(pid);
const declared = await post(url, 300 * MB, true);
const afterDeclared = rssOf(pid);
console.log(`RSS after start          ${before.toFixed(0)} MB`);
console.log(`10 x 50 MB streamed      statuses ${[...new Set(streamed)].join(",")}, RSS ${afterStreamed.toFixed(0)} MB (${(afterStreamed - before).toFixed(0)} MB more)`);
console.log(`1 x 300 MB declared      status ${declared}, RSS ${afterDeclared.toFixed(0)} MB`);
console.log(`total                    ${((performance.now() - started) / 1000).toFixed(1)} s`);
server.kill("SIGTERM");
