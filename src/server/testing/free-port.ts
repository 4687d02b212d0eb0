import { createServer, type AddressInfo } from "node:net";

/**
 * A port that was free a moment ago on `host`: for a server whose URL must be known before it
 * starts (APP_URL goes into mailed links and the origin check), or for a connection to be refused.
 */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
