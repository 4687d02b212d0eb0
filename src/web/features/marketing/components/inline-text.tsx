import { Fragment } from "react";

/** Renders `backtick` segments of a translated string as <code>; the rest stays plain text. */
export function InlineText({ text }: { text: string }) {
  const parts = text.split("`");
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em] text-foreground">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
