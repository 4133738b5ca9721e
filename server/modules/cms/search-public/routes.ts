import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../../core/services.ts';
import { z } from 'zod';
import { registerRoute, type RegisteredRoute } from '../../../core/route.ts';
import { ReplyCode } from '../../../core/errors.ts';
import { envelope } from '../../../core/envelope.ts';
import { parseInput } from '../../../core/validation.ts';
import { RateLimited, RateLimiter } from '../../../core/rate-limits.ts';
import { refusalText, SEARCH_LIMITS, statusOf } from './refusals.ts';
import { SEARCH_PATH, searchPageLimiter, serveSearchPage } from './page.ts';
import { sitePageCsp } from '../publish/site-headers.ts';
import { siteHostsOf } from '../publish/site-hosts.ts';
import { normalizeLocale } from '../../../../shared/i18n/locales.ts';
import { PARAM_LABELS, searchParams, suggestParams, type SearchParams } from './params.ts';
import { searchPageReply } from '../search/replies.ts';
import { firstEnabledPipe, publicHits, publicSite, readerSearch, suggestWords } from './search.ts';

/**
 * The readers' search API (ChestnutCMS SearchApiController), public: no console session, token or
 * cookie is read. On the sites' port (a published page's script calls its own origin) and on the
 * API's port alike, like the ad counter: `GET /api/cms/search/query` (a page of hits),
 * `/api/cms/search/tag` (contents carrying a tag word), `/api/cms/search/suggest` (words starting
 * with `q`). Every call counts against the per-address search throttle; `q` is at most 100
 * characters; only published contents of an existing site, through one of its enabled pipes.
 * Answers are the envelope `{code,msg,data}`; a refusal has an HTTP status too (400, 404, 429).
 */
export async function serveSearchApi(app: FastifyInstance, services: Services, opts: { page?: boolean } = {}) {
  await app.register(async (scope) => {
    const limiter = await RateLimiter.create(scope, services.config.rateLimits);
    if (opts.page) {
      // The sites port: its `_search` pages count against the same throttle (page.ts).
      searchPageLimiter(services).limiter = limiter;
      // ChestnutCMS's `/_search?sid=&pp=` at a host's root; a host a pipe claims at its root is that pipe's.
      scope.get(`/${SEARCH_PATH}`, async (req, reply) => {
        const at = await siteHostsOf(services).resolve(req.hostname, `/${SEARCH_PATH}`);
        return serveSearchPage(services, req, reply, at?.rest === SEARCH_PATH ? { siteId: at.pipe.siteId, pipeCode: at.pipe.pipeCode, csp: sitePageCsp(services.config) } : { csp: sitePageCsp(services.config) });
      });
    }
    const answer = async (req: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) => {
      const locale = normalizeLocale(req.headers['accept-language']);
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').type('application/json; charset=utf-8');
      try {
        await limiter.enforce(req, SEARCH_LIMITS, { ip: req.ip, actor: null, body: undefined });
        return reply.send(envelope(ReplyCode.OK, services.i18n.translator(locale)('success'), await run()));
      } catch (err) {
        const refused = refusalText(err, services, locale);
        if (err instanceof RateLimited) reply.header('Retry-After', String(err.seconds));
        return reply.code(statusOf(err)).send(envelope(refused.code, refused.text));
      }
    };
    const searchCodes = [ReplyCode.OK, ReplyCode.TOO_MANY_REQUESTS, ReplyCode.FAIL];
    const described = (url: string, query: z.ZodType, reply: z.ZodType, summary: string): RegisteredRoute => ({ api: 'public', method: 'GET', url, perm: 'public', site: true, query, reply, summary, codes: searchCodes });
    registerRoute(services, described('/api/cms/search/query', searchParams, searchPageReply, 'A page of the site\'s published contents matching `q`'));
    registerRoute(services, described('/api/cms/search/tag', searchParams, searchPageReply, 'A page of the site\'s published contents carrying the tag `q`'));
    registerRoute(services, described('/api/cms/search/suggest', suggestParams, z.array(z.string()), 'Words of the site starting with `q`'));
    const reader = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
    scope.get('/api/cms/search/query', (req, reply) => answer(req, reply, async () => publicHits(await readerSearch(services, parseInput(searchParams, req.query, PARAM_LABELS) as SearchParams, reader(req)))));
    scope.get('/api/cms/search/tag', (req, reply) => answer(req, reply, async () => publicHits(await readerSearch(services, parseInput(searchParams, req.query, PARAM_LABELS) as SearchParams, reader(req), 'tag'))));
    scope.get('/api/cms/search/suggest', (req, reply) => answer(req, reply, async () => {
      const p = parseInput(suggestParams, req.query, PARAM_LABELS) as { sid: number; q: string; size: number };
      // Any enabled pipe will do: words are the site's, not a pipe's.
      await publicSite(services.db, p.sid, await firstEnabledPipe(services.db, p.sid));
      return suggestWords(services.db, p.sid, p.q, p.size);
    }));
  });
}
