import { useEffect, useRef, useState } from "react";

/**
 * cmdk selects the first item when the text changes, but not when items arrive later (the search
 * results), which left Enter doing nothing. After each change of `itemsKey` this selects the first
 * shown item if none is selected. Pass `value`, `onValueChange` to Command and `listRef` to its List.
 */
export function useAsyncSelection(itemsKey: string) {
  const [value, setValue] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      if (!list || list.querySelector('[cmdk-item][aria-selected="true"]')) return;
      const first = list.querySelector('[cmdk-item]:not([aria-disabled="true"])');
      if (first) setValue(first.getAttribute("data-value") ?? "");
    });
    return () => cancelAnimationFrame(frame);
  }, [itemsKey]);
  return { value, onValueChange: setValue, listRef };
}
