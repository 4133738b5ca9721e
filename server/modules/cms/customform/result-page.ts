import { escapeHtml } from '../template/html.ts';

/** The policy of a result page: nothing runs, only its own inline style; it posts nowhere. */
export const RESULT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface ResultPage {
  lang: string;
  title: string;
  /** the thanks, or each refused field's message: text, escaped here */
  lines: string[];
  /** where "back" leads (the form's page), or none */
  back?: { href: string; label: string };
}

/**
 * What a reader's browser shows after posting a published form without script: a small page in
 * the reader's language with the outcome, every text escaped (a refused value may be quoted in it).
 */
export function resultPageHtml(p: ResultPage): string {
  const items = p.lines.length > 1
    ? `<ul>${p.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
    : `<p>${escapeHtml(p.lines[0] ?? '')}</p>`;
  const back = p.back ? `<p><a href="${escapeHtml(p.back.href)}">${escapeHtml(p.back.label)}</a></p>` : '';
  return `<!doctype html><html lang="${escapeHtml(p.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(p.title)}</title>`
    + '<style>body{font:1rem/1.6 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}</style></head>'
    + `<body><main><h1>${escapeHtml(p.title)}</h1>${items}${back}</main></body></html>\n`;
}

/**
 * The page the reader came from, when it is on the same host as this reply (a Referer elsewhere is
 * never linked): the "back" of a refusal. Without one, none.
 */
export function backLinkOf(referer: string | undefined, host: string | undefined): string | undefined {
  if (!referer || !host) return undefined;
  try {
    const u = new URL(referer);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host === host ? u.href : undefined;
  } catch {
    return undefined;
  }
}
