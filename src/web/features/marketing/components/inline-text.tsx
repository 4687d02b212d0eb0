import { Fragment } from "react";

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Plain text where email addresses become mailto links. */
function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(EMAIL).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={`mailto:${part}`} className="font-medium text-primary underline underline-offset-4">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Renders `backtick` segments of a translated string as <code>; email addresses become links. */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em] text-foreground">
            {part}
          </code>
        ) : (
          <Linked key={i} text={part} />
        ),
      )}
    </>
  );
}
