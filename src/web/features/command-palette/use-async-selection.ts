import { useEffect, useRef, useState, type KeyboardEvent } from "react";

/**
 * Which item Enter runs, kept right where cmdk alone is not:
 * - cmdk selects the first item when the text changes, but not when items arrive later (the search
 *   results), which left Enter doing nothing. After a change of `resultsKey` this selects the first
 *   shown item if none is selected, keeping one the user chose with the arrows.
 * - Under Preact (docs/decisions/024-preact-in-the-browser.md) cmdk's own choice after typing reads
 *   the list before the filtered-out items have left it, and picks one of them, or one that is no
 *   longer first. After a change of `query` this selects the first shown item, as cmdk means to.
 * - Enter pressed before either has happened (results shown a frame earlier) runs the first shown
 *   item, as if it had been selected.
 * Pass `value`, `onValueChange`, `onKeyDown` to Command and `listRef` to its List.
 */
export function useAsyncSelection(query: string, resultsKey: string) {
  const [value, setValue] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const lastQuery = useRef(query);
  useEffect(() => {
    const queryChanged = lastQuery.current !== query;
    lastQuery.current = query;
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      if (!list || (!queryChanged && list.querySelector('[cmdk-item][aria-selected="true"]'))) return;
      const first = firstShown();
      if (first) setValue(first.getAttribute("data-value") ?? "");
    });
    return () => cancelAnimationFrame(frame);
  }, [query, resultsKey]);
  const firstShown = () => listRef.current?.querySelector<HTMLElement>('[cmdk-item]:not([aria-disabled="true"])') ?? null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing || listRef.current?.querySelector('[cmdk-item][aria-selected="true"]')) return;
    const first = firstShown();
    if (!first) return;
    event.preventDefault();
    // cmdk's own Enter sends this event to the selected item, which runs its onSelect.
    first.dispatchEvent(new Event("cmdk-item-select"));
  };
  return { value, onValueChange: setValue, onKeyDown, listRef };
}
