/** Reads until `isDone` holds or `ms` pass, and returns the last read: the test's assertion says what went wrong. */
export async function until<T>(read: () => Promise<T>, isDone: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (isDone(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
