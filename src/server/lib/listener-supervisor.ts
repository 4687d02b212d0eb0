import type { PartState } from "@/shared/functions";
import type { PartStatus } from "../db/availability";
import { backoffDelay, listenerBackoff, type Backoff } from "./backoff";
import type { Logger } from "./logger";

/** idle: nobody asked to listen yet; connecting: the first attempt; down: lost or failing, retrying. */
export type ListenerState = PartState;
export type ListenerStatus = PartStatus & { state: ListenerState };

/** Starts listening; resolves with the function that stops, and calls `onLost` if it breaks later. */
export type StartListening = (onLost: (error: unknown) => void) => Promise<() => Promise<void>>;

export type ListenerSupervisor = {
  /** Begins listening if nobody asked before; later calls do nothing. */
  start: () => void;
  /** While down, tries again now rather than at the end of the backoff (no sooner than a second after the last try). */
  nudge: () => void;
  /** Resolves true once listening, false if that has not happened within `ms`. */
  waitUntilUp: (ms: number) => Promise<boolean>;
  status: () => ListenerStatus;
  stop: () => Promise<void>;
};

const MIN_GAP_MS = 1_000;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Keeps one LISTEN alive: when it fails or breaks, tries again after a capped, jittered backoff,
 * for as long as the process lives. `onUp` runs each time listening (re)starts, after LISTEN
 * succeeded, so whatever it announces happens after nothing more can be missed.
 */
export function superviseListener(options: { listen: StartListening; onUp: () => void; logger: Logger; backoff?: Backoff; random?: () => number }): ListenerSupervisor {
  const { listen, onUp, logger } = options;
  const backoff = options.backoff ?? listenerBackoff;
  let state: ListenerState = "idle";
  let since: Date | null = null;
  let failures = 0;
  let attempting = false;
  let lastAttemptAt = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let generation = 0;
  const waiters = new Set<(up: boolean) => void>();

  const enter = (next: ListenerState) => {
    if (next === state) return;
    state = next;
    since = new Date();
  };

  let nextAttemptAt = 0;
  const scheduleIn = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    nextAttemptAt = Date.now() + ms;
    timer = setTimeout(() => void attempt(), ms);
    timer.unref();
  };
  const schedule = () => scheduleIn(backoffDelay(failures, backoff, options.random));

  // A connection lost before its attempt finished counts as a failed attempt, not as "up".
  let lostWhileStarting: { error: unknown } | undefined;
  const lost = (ofGeneration: number, error: unknown) => {
    if (stopped || ofGeneration !== generation) return;
    if (attempting) return void (lostWhileStarting = { error });
    if (state !== "up") return;
    logger.warn("lost the connection listening for changes; reconnecting", { error: messageOf(error) });
    const stop = stopListening;
    stopListening = undefined;
    void stop?.().catch(() => undefined);
    enter("down");
    failures = 0;
    schedule();
  };

  async function attempt() {
    if (stopped || attempting) return;
    clearTimeout(timer);
    attempting = true;
    lastAttemptAt = Date.now();
    const mine = ++generation;
    lostWhileStarting = undefined;
    try {
      const stop = await listen((error) => lost(mine, error));
      if (stopped) return void (await stop().catch(() => undefined));
      // Set by `lost` meanwhile; the cast undoes TypeScript's narrowing from the reset above.
      const lostEarly = lostWhileStarting as { error: unknown } | undefined;
      if (lostEarly) {
        void stop().catch(() => undefined);
        throw lostEarly.error;
      }
      stopListening = stop;
      if (state === "down") logger.info("listening for changes again", { failedAttempts: failures });
      failures = 0;
      enter("up");
      for (const resolve of waiters) resolve(true);
      waiters.clear();
      onUp();
    } catch (error) {
      if (stopped) return;
      if (state !== "down" || failures === 0) logger.warn("could not listen for changes; retrying", { error: messageOf(error) });
      enter("down");
      failures++;
      schedule();
    } finally {
      attempting = false;
    }
  }

  return {
    start: () => {
      if (state !== "idle" || stopped) return;
      enter("connecting");
      void attempt();
    },
    nudge: () => {
      if (state !== "down" || attempting || stopped) return;
      const soonest = lastAttemptAt + MIN_GAP_MS;
      if (Date.now() >= soonest) void attempt();
      else if (nextAttemptAt > soonest) scheduleIn(soonest - Date.now());
    },
    waitUntilUp: (ms) => {
      if (state === "up") return Promise.resolve(true);
      if (stopped) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const done = (up: boolean) => {
          clearTimeout(timeout);
          waiters.delete(done);
          resolve(up);
        };
        const timeout = setTimeout(() => done(false), ms);
        waiters.add(done);
      });
    },
    status: () => ({ state, ok: state !== "down", since }),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      for (const resolve of waiters) resolve(false);
      waiters.clear();
      const stop = stopListening;
      stopListening = undefined;
      await stop?.().catch(() => undefined);
    },
  };
}
