/** A receiver that cannot listen stops start-up with one line, the way PORT does (start-server.ts). */
export function inboundListenError(error: unknown, port: number): Error {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "EADDRINUSE") return new Error(`INBOUND_SMTP_PORT ${port} is in use (set INBOUND_SMTP_PORT to use another)`);
  if (code === "EACCES") return new Error(`INBOUND_SMTP_PORT ${port} needs privileges this process does not have (use a port above 1023 behind your MX)`);
  return error instanceof Error ? error : new Error(String(error));
}
