import { Lock } from "lucide-react";

/**
 * Says, in plain view, why a member sees no controls: a disabled switch cannot take focus, so a
 * tooltip on it would never reach keyboard users. Controls point at the note with aria-describedby.
 */
export function OwnerOnlyNote({ id, children }: { id?: string; children: string }) {
  return (
    <p id={id} role="note" className="flex items-start gap-2 rounded-md border bg-muted/50 px-4 py-3 text-sm">
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      {children}
    </p>
  );
}
