import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../template/html.ts';
import type { resultsOf } from './results.ts';

type Results = Awaited<ReturnType<typeof resultsOf>>;

/** A submission from a plain HTML form (no script on the page): it gets an HTML page back, not JSON. */
export const isPlainForm = (req: FastifyRequest) => /^application\/x-www-form-urlencoded\b/i.test(String(req.headers['content-type'] ?? ''));

/**
 * Where "back" goes: the page the form was on, if the Referer is on the host the request came to
 * (a path of this origin only: never another site's address, whatever a Referer says), else the site's root.
 */
export function backOf(req: FastifyRequest): string {
  try {
    const ref = new URL(String(req.headers.referer ?? ''));
    // The Host header read as a URL of the Referer's scheme, so a default port written out or not compares equal.
    const own = new URL(`${ref.protocol}//${req.headers.host ?? ''}`).host;
    if (ref.host === own && (ref.protocol === 'http:' || ref.protocol === 'https:')) return ref.pathname + ref.search;
  } catch {
    // no Referer, or not a URL
  }
  return '/';
}

/** The results as HTML: per subject, each option's count and share as a <meter>-like bar (no script, no style needed). */
export function resultsHtml(r: Results, votesWord: (n: number) => string): string {
  const subjects = r.subjects.filter((s) => s.type !== 'input').map((s) => {
    const rows = s.items.map((i) => `<li><span class="vote-item">${escapeHtml(i.content)}</span> <progress max="100" value="${i.percent}">${i.percent}%</progress> <span class="vote-count">${i.percent}% (${escapeHtml(votesWord(i.total))})</span></li>`).join('');
    return `<section class="vote-subject"><h2>${escapeHtml(s.title)}</h2><ul>${rows}</ul></section>`;
  });
  return `<div class="cms-vote-result" data-vote-id="${r.voteId}"><p class="vote-total">${escapeHtml(votesWord(r.total))}</p>${subjects.join('')}</div>`;
}

/** A small standalone page for readers without script: a title, a message or the results, and the way back. */
export function sendReaderPage(reply: FastifyReply, o: { status: number; lang: string; title: string; body: string; back: string; backText: string }) {
  const html = `<!doctype html><html lang="${escapeHtml(o.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(o.title)}</title></head>`
    + `<body><main><h1>${escapeHtml(o.title)}</h1>${o.body}<p><a href="${escapeHtml(o.back)}">${escapeHtml(o.backText)}</a></p></main></body></html>`;
  return reply.code(o.status).header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'").type('text/html; charset=utf-8').send(html);
}
