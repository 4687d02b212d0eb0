/**
 * Every item of a keyset-paged list, page after page: for pickers that must offer all of them.
 * A repeated cursor stops the walk, so a misbehaving server cannot loop it forever.
 */
export async function fetchAllPages<T>(fetchPage: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.next && !seen.has(page.next) ? page.next : null;
    if (cursor) seen.add(cursor);
  } while (cursor);
  return items;
}
