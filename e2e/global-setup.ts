// Browser journeys run against the built SPA; build it once per run when sources changed.
import { buildWebIfStale } from "../scripts/build-web.mjs";

export default function setup() {
  buildWebIfStale({ quiet: true });
}
