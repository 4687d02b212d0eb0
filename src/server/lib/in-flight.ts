/**
 * Work a request started that must be saved before the database closes (a chat answer still
 * streaming). On stop, each is told to stop at once (its signal) and waited for, up to a budget,
 * so it can store what it has: start-server.ts stops this before the database closes.
 */
export type InFlight = {
  run: <T>(work: (stopping: AbortSignal) => Promise<T>) => Promise<T>;
  stop: (budgetMs: number) => Promise<void>;
};

export function createInFlight(): InFlight {
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  return {
    run: (work) => {
      const done = work(stopping.signal);
      const settled = done.then(
        () => undefined,
        () => undefined,
      );
      running.add(settled);
      void settled.then(() => running.delete(settled));
      return done;
    },
    stop: async (budgetMs) => {
      stopping.abort(new Error("the server is stopping"));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(running), new Promise((r) => (timer = setTimeout(r, budgetMs)))]);
      clearTimeout(timer);
    },
  };
}
