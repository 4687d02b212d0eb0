import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gate } from "./gate";

export type N8nHealthStandIn = { url: string; setDown: (isDown: boolean) => void; hold: () => () => void; close: () => Promise<void> };

/**
 * n8n's health endpoint alone: GET /healthz answers 200 {"status":"ok"}, or 503 while set down (as
 * n8n restarting does). `hold` keeps answers back until the function it returns is called, so a
 * test can see what shows while a check waits.
 */
export async function startN8nHealthStandIn(): Promise<N8nHealthStandIn> {
  let isDown = false;
  let held: Promise<void> | null = null;
  const server = createServer(async (req, res) => {
    await held;
    const ok = req.method === "GET" && req.url === "/healthz";
    const status = !ok ? 404 : isDown ? 503 : 200;
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(status === 200 ? { status: "ok" } : { code: status }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setDown: (d) => void (isDown = d),
    hold: () => {
      const answers = gate();
      held = answers.opened;
      return () => {
        held = null;
        answers.open();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
