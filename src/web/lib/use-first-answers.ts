import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

/** The longest a page waits for its first answers before it shows what it has: past it, what still loads shows its own spinner. */
export const FIRST_ANSWERS_WAIT_MS = 2000;

const waitingForFirstAnswer = (client: QueryClient) => client.isFetching({ predicate: (query) => query.state.status === "pending" });

/**
 * True once every query asked so far has had its first answer (or failed, or waits for the
 * network), or after FIRST_ANSWERS_WAIT_MS; then true for good. A page whose parts load their own
 * data shows them together when this turns true, rather than each pushing the next down as it
 * arrives (a layout shift, and a jumpy page).
 */
export function useFirstAnswers(): boolean {
  const client = useQueryClient();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done) return;
    let frame: number | undefined;
    let check: ReturnType<typeof setTimeout> | undefined;
    // Looked at once the render an answer caused has run its effects, which start the queries that
    // waited on it (the diagnostics wait on who may read them). Preact runs effects in a task after
    // the next frame; one task after ours is after theirs.
    const later = () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(check);
      frame = requestAnimationFrame(() => {
        check = setTimeout(() => {
          check = setTimeout(() => waitingForFirstAnswer(client) === 0 && setDone(true), 0);
        }, 0);
      });
    };
    const unsubscribe = client.getQueryCache().subscribe(later);
    const giveUp = setTimeout(() => setDone(true), FIRST_ANSWERS_WAIT_MS);
    later();
    return () => {
      unsubscribe();
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(check);
      clearTimeout(giveUp);
    };
  }, [client, done]);
  return done;
}
