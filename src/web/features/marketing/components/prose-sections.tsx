import { InlineText } from "./inline-text";

/** One piece of translated prose: a paragraph, a list, a command or a list of terms. */
export type ProseBlock = {
  p?: string;
  ul?: string[];
  ol?: string[];
  code?: string;
  dl?: { term: string; desc: string }[];
};
export type ProseSection = { id: string; title: string; blocks: ProseBlock[] };

function Block({ block }: { block: ProseBlock }) {
  if (block.p) return <p><InlineText text={block.p} /></p>;
  if (block.code) {
    return (
      <pre className="overflow-x-auto rounded-lg border bg-muted p-4 text-sm">
        <code className="font-mono">{block.code}</code>
      </pre>
    );
  }
  if (block.ul || block.ol) {
    const items = (block.ul ?? block.ol ?? []).map((item) => (
      <li key={item} className="pl-1">
        <InlineText text={item} />
      </li>
    ));
    return block.ol ? <ol className="list-decimal space-y-2 pl-6">{items}</ol> : <ul className="list-disc space-y-2 pl-6">{items}</ul>;
  }
  if (block.dl) {
    return (
      <dl className="divide-y rounded-lg border">
        {block.dl.map((entry) => (
          <div key={entry.term} className="grid gap-1 p-4 sm:grid-cols-[14rem_1fr] sm:gap-4">
            <dt className="font-medium">
              <InlineText text={entry.term} />
            </dt>
            <dd className="text-muted-foreground">{entry.desc}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return null;
}

/** Sections of a long page, each an <h2> with an anchor id the table of contents links to. */
export function ProseSections({ sections }: { sections: ProseSection[] }) {
  return (
    <div className="space-y-12">
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
          <h2 id={`${section.id}-title`} className="text-2xl font-semibold tracking-tight">
            {section.title}
          </h2>
          <div className="mt-4 space-y-4 leading-7">
            {section.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

export function TableOfContents({ title, sections }: { title: string; sections: ProseSection[] }) {
  return (
    <nav aria-labelledby="toc-title" className="rounded-lg border bg-card p-4 text-sm lg:sticky lg:top-6">
      <h2 id="toc-title" className="font-semibold">
        {title}
      </h2>
      <ol className="mt-3 space-y-2">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
