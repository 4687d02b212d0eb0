type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type MediaContent = Record<string, { schema?: Schema }> | undefined;
type OperationDoc = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: MediaContent };
  responses?: Record<string, { description?: string; content?: MediaContent }>;
};
export type OpenApiLike = {
  info: { title: string; version: string; description?: string };
  paths?: object;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

const methods = ["get", "head", "post", "put", "patch", "delete"] as const;

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
const anchor = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, "-");
/** `code` spans in the descriptions, nothing else of Markdown. */
const prose = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, "<code>$1</code>");

/** A schema as indented JSON, its $refs linked to the schema section below. */
function schemaBlock(schema: unknown): string {
  const text = escapeHtml(JSON.stringify(schema, null, 2));
  const linked = text.replace(/&quot;#\/components\/schemas\/([A-Za-z0-9_.-]+)&quot;/g, (_m, name: string) => `&quot;<a href="#schema-${anchor(name)}">#/components/schemas/${name}</a>&quot;`);
  // Focusable, so a keyboard user can scroll a long schema.
  return `<pre tabindex="0">${linked}</pre>`;
}

function contentBlock(content: MediaContent): string {
  const schema = content?.["application/json"]?.schema;
  return schema ? schemaBlock(schema) : "";
}

function operationBlock(path: string, method: string, op: OperationDoc): string {
  const id = anchor(op.operationId ?? `${method}-${path}`);
  const auth = (op.security ?? []).length === 0 ? "public" : (op.security ?? []).flatMap((s) => Object.keys(s)).join(" or ");
  const params = (op.parameters ?? [])
    .map((p) => `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td><code>${escapeHtml(JSON.stringify(p.schema ?? {}))}</code></td></tr>`)
    .join("");
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => `<li><strong>${escapeHtml(status)}</strong> ${prose(r.description ?? "")}${status.startsWith("2") ? contentBlock(r.content) : ""}</li>`)
    .join("");
  return `<details class="op" id="${id}">
<summary><span class="method m-${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code> <span class="summary">${escapeHtml(op.summary ?? "")}</span></summary>
<div class="body">
<p>${prose(op.description ?? "")} <span class="auth">Authentication: ${escapeHtml(auth)}</span></p>
${params ? `<h4>Parameters</h4><table><thead><tr><th scope="col">name</th><th scope="col">in</th><th scope="col">required</th><th scope="col">schema</th></tr></thead><tbody>${params}</tbody></table>` : ""}
${op.requestBody ? `<h4>Request body (application/json)</h4>${contentBlock(op.requestBody.content)}` : ""}
<h4>Responses</h4><ul>${responses}</ul>
</div>
</details>`;
}

const style = `
:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#57606a;--line:#d0d7de;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--line:#30363d;--code:#161b22}}
body{font:15px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0}
main{max-width:1100px;margin:0 auto;padding:1.5rem}
nav ul{columns:3;padding-left:1.2rem} a{color:inherit}
h2{border-bottom:1px solid var(--line);padding-bottom:.3rem;margin-top:2rem}
.op{border:1px solid var(--line);border-radius:6px;margin:.4rem 0}
.op>summary{cursor:pointer;padding:.4rem .6rem;display:flex;gap:.6rem;align-items:baseline;flex-wrap:wrap}
.op>summary:focus-visible{outline:2px solid #0969da;outline-offset:2px}
.op .body{padding:0 .8rem .6rem}
.method{font:600 12px ui-monospace,monospace;padding:.1rem .4rem;border-radius:4px;min-width:3.6rem;text-align:center;color:#fff;background:#57606a}
.m-get{background:#0a5fc7}.m-post{background:#1a7f37}.m-put,.m-patch{background:#8a5a00}.m-delete{background:#b42318}
.path{font-weight:600}.summary,.auth{color:var(--muted)}
pre,code{font-family:ui-monospace,monospace;font-size:13px} pre{background:var(--code);padding:.6rem;border-radius:6px;overflow:auto;max-height:28rem}
table{border-collapse:collapse} td,th{border:1px solid var(--line);padding:.2rem .5rem;text-align:left}
`;

/**
 * The readable reference at /api/docs: the OpenAPI document as one self-contained page (no script,
 * no outside resource, so it passes the strict CSP): operations grouped by tag, each with its
 * parameters, request body and answer, and the shared schemas at the end.
 */
export function renderReferencePage(doc: OpenApiLike): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown> | undefined>)) {
    for (const method of methods) {
      const op = item?.[method] as OperationDoc | undefined;
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationBlock(path, method, op)]);
    }
  }
  const tags = [...byTag.keys()].sort((a, b) => a.localeCompare(b));
  const schemas = Object.entries(doc.components?.schemas ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title><style>${style}</style></head>
<body><main>
<h1>${escapeHtml(doc.info.title)} <small>v${escapeHtml(doc.info.version)}</small></h1>
<p>${prose(doc.info.description ?? "")}</p>
<p>Machine-readable: <a href="/api/docs/openapi.json">OpenAPI 3.1 document</a>.</p>
<nav aria-label="Sections"><ul>${tags.map((t) => `<li><a href="#tag-${anchor(t)}">${escapeHtml(t)}</a> (${byTag.get(t)!.length})</li>`).join("")}<li><a href="#schemas">Schemas</a></li></ul></nav>
<h2>Authentication</h2>${schemaBlock(doc.components?.securitySchemes ?? {})}
${tags.map((t) => `<section aria-labelledby="tag-${anchor(t)}"><h2 id="tag-${anchor(t)}">${escapeHtml(t)}</h2>${byTag.get(t)!.join("\n")}</section>`).join("\n")}
<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>
${schemas.map(([name, s]) => `<details class="op" id="schema-${anchor(name)}"><summary><code class="path">${escapeHtml(name)}</code></summary><div class="body">${schemaBlock(s)}</div></details>`).join("\n")}
</section>
</main></body></html>`;
}
