// Vitest globalSetup for the unit project: see log-capture.ts.
import { startLogCapture } from "./log-capture";

export default function setup() {
  return startLogCapture();
}
