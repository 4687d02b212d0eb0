/** Whether a part (the database, the LISTEN connection) works, and since when it has or has not. */
export type PartStatus = { ok: boolean; since: Date | null };

export type Availability = {
  status: () => PartStatus;
  markUp: () => void;
  markDown: (error: unknown) => void;
};

/**
 * Remembers when the database was last seen to go away or come back, so the health check can
 * say "down since 10:42:07" rather than only "down now". `since` is null until first observed.
 */
export function createAvailability(onChange?: (status: PartStatus, error?: unknown) => void): Availability {
  let current: PartStatus = { ok: true, since: null };
  return {
    status: () => current,
    markUp: () => {
      if (current.ok && current.since) return;
      const wasDown = !current.ok;
      current = { ok: true, since: new Date() };
      if (wasDown) onChange?.(current);
    },
    markDown: (error) => {
      if (!current.ok) return;
      current = { ok: false, since: new Date() };
      onChange?.(current, error);
    },
  };
}
