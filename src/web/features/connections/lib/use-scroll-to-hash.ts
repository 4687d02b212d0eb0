import { useEffect } from "react";
import { useLocation } from "react-router";

/** How long the page may still grow (cards loading their own data) while the named card is kept in view. */
const SETTLE_MS = 3000;

/**
 * Brings the card named by the address's #hash into view, once `ready`, and focuses it for keyboard users. The
 * cards above it load their own data and grow, so it is kept in view while the page settles,
 * until the user scrolls or types themselves.
 */
export function useScrollToHash(ready = true) {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    // An unseen card can be neither shown nor focused: once the page shows it.
    if (!id || !ready) return;
    let focused = false;
    const bring = () => {
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ block: "start" });
      if (focused) return;
      focused = true;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    };
    // The list of cards grows as they load; the page's scroll container itself keeps its size.
    const resized = new ResizeObserver(bring);
    resized.observe(document.getElementById(id)?.closest("ul") ?? document.body);
    const events = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    const stop = () => {
      resized.disconnect();
      clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, stop, true);
    };
    for (const name of events) window.addEventListener(name, stop, { capture: true, passive: true });
    const timer = setTimeout(stop, SETTLE_MS);
    bring();
    return stop;
  }, [hash, ready]);
}
