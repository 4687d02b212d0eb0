import type { ReactNode } from "react";
import { PageIntro } from "./page-intro";
import { ProseSections, TableOfContents, type ProseSection } from "./prose-sections";

type Props = { title: string; lead: string; meta?: ReactNode; tocTitle: string; sections: ProseSection[] };

/** Docs, privacy and terms: a heading, a table of contents and anchored sections. */
export function DocumentPage({ title, lead, meta, tocTitle, sections }: Props) {
  return (
    <>
      <PageIntro title={title} lead={lead}>
        {meta}
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[16rem_1fr]">
        <div>
          <TableOfContents title={tocTitle} sections={sections} />
        </div>
        <div className="min-w-0 max-w-3xl">
          <ProseSections sections={sections} />
        </div>
      </div>
    </>
  );
}
