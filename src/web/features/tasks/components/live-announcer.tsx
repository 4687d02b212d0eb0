import { useAnnouncement } from "../lib/announcer";

/**
 * A polite live region, present before anything is said (a region added with its text is often
 * not read). Each announcement is a new node, so the same words twice are read twice.
 */
export function LiveAnnouncer() {
  const { text, id } = useAnnouncement();
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-announcer">
      {text && <p key={id}>{text}</p>}
    </div>
  );
}
