/**
 * The OpenAPI document as one self-contained HTML page (no script, no CDN, no network): every
 * operation by tag with its permission, site scope, parameters, body and reply schema. For reading
 * the contract offline (`npm run openapi:html`, docs/openapi.md); the document itself stays the
 * source for tools.
 */

type Json = Record<string, unknown>;
type Operation = Json & { tags?: string[]; summary?: string; parameters?: Json[]; requestBody?: Json; responses?: Json };

const METHODS = ['get', 'post', 'put', 'delete'] as const;

const escape = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pretty = (v: unknown) => `<pre>${escape(JSON.stringify(v, null, 2))}</pre>`;

/** `#/components/parameters/X` → the parameter it names. */
function resolve(doc: Json, p: Json): Json {
  if (typeof p.$ref !== 'string') return p;
  return p.$ref.split('/').slice(1).reduce<unknown>((at, key) => (at as Json | undefined)?.[key], doc) as Json;
}

/** The success envelope's `data` schema when the operation declares one; 'none' when it declares no data. */
function dataOf(op: Operation): unknown {
  const ok = (op.responses?.['200'] as Json | undefined)?.content as Record<string, Json> | undefined;
  const variants = ((ok?.['application/json']?.schema as Json | undefined)?.oneOf ?? []) as Json[];
  const success = variants.find((v) => ((v.properties as Json | undefined)?.code as Json | undefined)?.const === 200);
  const data = (success?.properties as Json | undefined)?.data;
  if (data === undefined && success?.additionalProperties === false) return 'none';
  // server/core/openapi.ts marks a reply not declared yet so.
  return data && Object.keys(data).length === 1 && (data as Json).description === 'not declared yet' ? undefined : data;
}

function operationHtml(doc: Json, path: string, method: string, op: Operation): string {
  const params = (op.parameters ?? []).map((p) => resolve(doc, p));
  const rows = params.map((p) => `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? 'yes' : ''}</td><td><code>${escape(JSON.stringify(p.schema ?? {}))}</code>${p.description ? ` ${escape(p.description)}` : ''}</td></tr>`);
  const body = (op.requestBody?.content as Record<string, Json> | undefined);
  const data = dataOf(op);
  // A route that sends a file or a page (or the document itself) names its media type instead of the envelope.
  const content = ((op.responses?.['200'] as Json | undefined)?.content ?? {}) as Record<string, Json>;
  const others = Object.keys(content).filter((type) => type !== 'application/json');
  const files = others.length ? others : content['application/json'] && !(content['application/json'].schema as Json | undefined)?.oneOf ? ['application/json'] : [];
  const replyHtml = files.length && data === undefined
    ? `<p class="meta">reply: ${escape(files.join(', '))}</p>`
    : data === 'none' ? '<p class="meta">reply: no data</p>' : data !== undefined ? `<details><summary>reply data</summary>${pretty(data)}</details>` : '<p class="meta">reply data not declared</p>';
  return [
    `<section class="op" id="${escape(op.operationId)}">`,
    `<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>`,
    op.summary ? `<p>${escape(op.summary)}</p>` : '',
    `<p class="meta">permission <code>${escape(JSON.stringify(op['x-permission']))}</code>${op['x-site-scoped'] ? ' · current site (<code>CurrentSite</code>)' : ''} · codes ${escape(((op['x-reply-codes'] ?? []) as number[]).join(', '))}</p>`,
    rows.length ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${rows.join('')}</table>` : '',
    body ? `<details><summary>body (${escape(Object.keys(body).join(', '))})</summary>${pretty(Object.values(body)[0]?.schema ?? {})}</details>` : '',
    replyHtml,
    '</section>',
  ].join('\n');
}

export function openApiPage(doc: Json): string {
  const info = (doc.info ?? {}) as Json;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      (byTag.get(tag) ?? byTag.set(tag, []).get(tag)!).push(operationHtml(doc, path, method, op));
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(info.title)} ${escape(info.version)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 2rem;color:#1f2933}
code,pre{font-family:ui-monospace,monospace;font-size:12px}pre{background:#f5f7fa;padding:.5rem;overflow:auto;max-height:30rem}
.op{border-top:1px solid #d9e2ec;padding:.25rem 0}.op h3{font-size:15px;margin:.5rem 0}
.m{display:inline-block;min-width:4rem;text-align:center;border-radius:3px;color:#fff;font-size:12px;padding:1px 4px}
.get{background:#2f6f4e}.post{background:#1d4f91}.put{background:#8a5a00}.delete{background:#a12b2b}
.meta{color:#52606d;margin:.25rem 0}table{border-collapse:collapse}td,th{border:1px solid #d9e2ec;padding:2px 6px;text-align:left;vertical-align:top}
nav a{margin-right:.75rem}
</style></head><body>
<h1>${escape(info.title)} <small>${escape(info.version)}</small></h1>
<pre class="intro">${escape(info.description ?? '')}</pre>
<nav>${tags.map((t) => `<a href="#tag-${escape(t)}">${escape(t)}</a>`).join(' ')}</nav>
${tags.map((t) => `<h2 id="tag-${escape(t)}">${escape(t)}</h2>\n${byTag.get(t)!.join('\n')}`).join('\n')}
</body></html>
`;
}
