import { describe, expect, it } from "vitest";
import { deviceName } from "./device-name";

describe("device names for the sessions list", () => {
  it.each([
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36", "Chrome on Linux"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0", "Edge on Windows"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", "Safari on iOS"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on macOS"],
    ["curl/8.0", "Script or app (curl)"],
    ["python-requests/2.32.3", "Script or app (Python)"],
    ["PostmanRuntime/7.39.0", "Script or app (Postman)"],
    ["node", "Script or app (Node.js)"],
    ["SomethingElse/1.0", null],
    [null, null],
  ])("%s → %s", (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });
});
