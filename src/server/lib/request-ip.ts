import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The caller's address for the request being served (set by the clientIp middleware), so an
 * audit row records it without every change passing it along. Null outside a request (jobs).
 */
const requestIp = new AsyncLocalStorage<string>();

export const runWithRequestIp = <T>(ip: string, fn: () => T): T => requestIp.run(ip, fn);
export const currentRequestIp = (): string | null => requestIp.getStore() ?? null;
