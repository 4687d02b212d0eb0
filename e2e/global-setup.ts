// Browser journeys run against the built SPA; build it once per run when sources changed.
import { buildWebIfStale } from "../scripts/build-web.mjs";
import { startLogCapture } from "../src/server/testing/log-capture";

export default function setup() {
  buildWebIfStale({ quiet: true });
  // The servers' logs of the whole run are scanned for secrets at the end (log-capture.ts).
  return startLogCapture();
}
