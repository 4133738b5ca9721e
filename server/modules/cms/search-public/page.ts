import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { perServices } from '../../../core/services.ts';
import { AppError } from '../../../core/errors.ts';
import { parseInput } from '../../../core/validation.ts';
import { RateLimited, type RateLimiter } from '../../../core/rate-limits.ts';
import { normalizeLocale } from '../../../../shared/i18n/locales.ts';
import { cmsSite } from '../site/schema.ts';
import { TemplateError } from '../template/errors.ts';
import { DYNAMIC_PAGES_PER_ADDRESS, renderOnRequest } from '../template/on-request.ts';
import { backLinkOf, RESULT_PAGE_CSP, resultPageHtml } from '../customform/result-page.ts';
import { PARAM_LABELS, searchParams, type SearchParams } from './params.ts';
import { publicSite, readerSearch } from './search.ts';
import { refusalText, SEARCH_LIMITS, statusOf } from './refusals.ts';

/** The search page's path below a pipe's address (ChestnutCMS's `_search`). */
export const SEARCH_PATH = '_search';
/** The template when the pipe names none (its `searchTemplate` prop). */
export const SEARCH_TEMPLATE = 'search.template.html';

/** The sites port's search throttle, set when its routes are mounted (search-public/routes.ts). */
export const searchPageLimiter = perServices((): { limiter: RateLimiter | null } => ({ limiter: null }));

/**
 * The `_search` page of a site's pipe (ChestnutCMS's dynamic Search page): served by the sites'
 * port, never the console's, because it is the site's own HTML (its templates, its scripts) and
 * must run on the site's origin like every published page (docs/two-origins.md); its form posts
 * nowhere but back to it (GET). The query is checked and searched here first — so it is logged
 * with its count and cost, refused before any render when it is too long or the reader is over
 * the throttle — then the pipe's search template renders it in a render thread like a dynamic
 * page, `Request` holding the checked parameters (every one present, '' when absent), its
 * `cms_search_content` reusing the hits just found (recent.ts).
 */
export async function serveSearchPage(services: Services, req: FastifyRequest, reply: FastifyReply, at: { siteId?: number; pipeCode?: string; csp: string }) {
  const locale = normalizeLocale(req.headers['accept-language']);
  const t = services.i18n.translator(locale);
  reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
  let p: SearchParams;
  try {
    const limiter = searchPageLimiter(services).limiter;
    if (limiter) await limiter.enforce(req, SEARCH_LIMITS, { ip: req.ip, actor: null, body: undefined });
    const query = { ...(req.query as Record<string, unknown>), ...(at.siteId !== undefined && at.pipeCode !== undefined ? { sid: String(at.siteId), pp: at.pipeCode } : {}) };
    p = parseInput(searchParams, query, PARAM_LABELS) as SearchParams;
    await publicSite(services.db, p.sid, p.pp);
    await readerSearch(services, p, { ip: req.ip, userAgent: req.headers['user-agent'] });
  } catch (err) {
    const refused = refusalText(err, services, locale);
    if (err instanceof RateLimited) reply.header('Retry-After', String(err.seconds));
    const back = backLinkOf(req.headers.referer, req.headers.host);
    return reply.code(statusOf(err)).type('text/html; charset=utf-8').header('Content-Security-Policy', RESULT_PAGE_CSP)
      .send(resultPageHtml({ lang: locale, title: t('searchPublic.refusedTitle'), lines: [refused.text], back: back ? { href: back, label: t('customform.backToPage') } : undefined }));
  }
  const [site] = await services.db.select({ props: cmsSite.publishPipeProps }).from(cmsSite).where(eq(cmsSite.siteId, p.sid));
  const template = String(site?.props?.[p.pp]?.searchTemplate ?? '').trim() || SEARCH_TEMPLATE;
  const request: Record<string, string> = {
    sid: String(p.sid), pp: p.pp, q: p.q, cid: p.cid === undefined ? '' : String(p.cid), level: p.level, ct: p.ct ?? '', ot: String(p.ot), page: String(p.page), size: String(p.size),
  };
  reply.header('Content-Security-Policy', at.csp);
  try {
    const result = await renderOnRequest(services, services.db, {
      siteId: p.sid, pipeCode: p.pp, options: {}, scope: { siteId: p.sid, pipeCode: p.pp }, reader: `ip:${req.ip}`, max: DYNAMIC_PAGES_PER_ADDRESS,
      ask: { type: 'dynamic', spec: { template, path: SEARCH_PATH, request } },
    });
    return reply.type('text/html; charset=utf-8').send(result.html);
  } catch (err) {
    // As a dynamic page: the template's author learns where it failed, a reader sees no stack and no data.
    const busy = err instanceof AppError && err.key === 'template.tooManyPreviews';
    const where = err instanceof TemplateError ? `${err.template}, line ${err.line}: ${err.detail}` : err instanceof AppError ? t(err.key, err.params) : 'the page could not be rendered';
    if (!busy) req.log.warn({ err, siteId: p.sid }, 'search page failed');
    return reply.code(busy ? 429 : 500).type('text/plain; charset=utf-8').send(`Error: ${where}`);
  }
}
