import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "./low-priority-scripts";

describe("the SPA's scripts at low fetch priority", () => {
  it("marks the entry and every module preload, and leaves the stylesheet alone", () => {
    const html = [
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-b.js">',
      '<link rel="modulepreload" crossorigin href="/assets/i18n-c.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-d.css">',
    ].join("\n");
    const out = lowPriorityScripts(html);
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(3);
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/index-d.css">');
  });

  it("fails the build when Vite writes the entry differently, rather than ship it unmarked", () => {
    expect(() => lowPriorityScripts('<script type="module" src="/assets/index-a.js"></script>')).toThrow(/no entry script/);
  });
});
