// npm run operator -- add you@example.eu | remove you@example.eu | list — the platform's operators (docs/permissions.md).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { operatorCommand } from "../src/server/cli/operator-command";

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  operatorCommand(process.env, process.argv.slice(2), (line) => console.log(line)).then((code) => process.exit(code));
}
