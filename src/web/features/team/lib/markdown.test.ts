import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("renders Markdown and escapes raw HTML", () => {
    expect(renderMarkdown("**bold** and _it_")).toContain("<strong>bold</strong>");
    const hostile = renderMarkdown('<script>alert(1)</script><img src=x onerror="alert(1)">');
    expect(hostile).not.toContain("<script");
    expect(hostile).not.toContain("<img");
    expect(hostile).toContain("&lt;script&gt;");
  });

  it("keeps only safe links, each with rel=noopener in a new tab", () => {
    const html = renderMarkdown("[site](https://example.eu) [bad](javascript:alert(1)) [data](data:text/html,x) ![pic](https://example.eu/a.png)");
    expect(html).toContain('<a href="https://example.eu" target="_blank" rel="noopener noreferrer nofollow">site</a>');
    expect(html).not.toContain('href="javascript');
    expect(html).not.toContain('href="data:');
    expect(html).not.toContain("<img");
  });

  it("marks mentions of members and nothing else", () => {
    const html = renderMarkdown("Hi @Ada Lovelace and @Nobody", ["Ada Lovelace"]);
    expect(html).toContain('<span class="mention">@Ada Lovelace</span>');
    expect(html).not.toContain('<span class="mention">@Nobody');
  });
});
