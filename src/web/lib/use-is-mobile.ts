import { useSyncExternalStore } from "react";

const MOBILE_QUERY = "(max-width: 767px)"; // the spec's 768 px breakpoint

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(MOBILE_QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
};

export const useIsMobile = () => useSyncExternalStore(subscribe, () => window.matchMedia(MOBILE_QUERY).matches);
