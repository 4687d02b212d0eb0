import type { z } from "zod";

export type Probe<T> = { status: number; ms: number; body: T };

/**
 * GETs a public address, times it, and reads a JSON answer with the shared schema. An error
 * status whose body still fits is an answer (health says 503 with the database down).
 */
export async function probe<S extends z.ZodType>(path: string, schema: S): Promise<Probe<z.infer<S>>> {
  const started = performance.now();
  const res = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" }, cache: "no-store" });
  const parsed = schema.safeParse(await res.json().catch(() => null));
  const ms = Math.round(performance.now() - started);
  if (!parsed.success) throw new Error(`${path} answered ${res.status}`);
  return { status: res.status, ms, body: parsed.data };
}

/** A page (not JSON): its status and time; failing only when it cannot be fetched. */
export async function probePage(path: string): Promise<Probe<null>> {
  const started = performance.now();
  const res = await fetch(path, { credentials: "same-origin", cache: "no-store" });
  await res.text();
  return { status: res.status, ms: Math.round(performance.now() - started), body: null };
}
