import { z } from 'zod';
import { publicRoute, type PublicCall } from '../public-api/route.ts';
import { RateLimited } from '../../../core/rate-limits.ts';
import { isBotAgent, viewCounterOf } from './view-counter.ts';
import { statRecorderOf } from './recorder.ts';

/**
 * ChestnutCMS's `/api/stat/visit` query: `sid` names the site (the plumbing reads it), `cid` the
 * catalog, `id` the content; Castanea's readers' script adds `p`, the page's path, and `r`, its
 * `document.referrer` (the statistics' sources), and nothing else.
 */
const visitQuery = z.object({
  cid: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  p: z.string().max(2000).optional(),
  r: z.string().max(2000).optional(),
});
type VisitQuery = z.infer<typeof visitQuery>;

/**
 * A published page reports a view (issue 31 item 8): `GET` (ChestnutCMS's script tag, an image)
 * or `POST` (`navigator.sendBeacon` of the readers' script, public-api/reader/reader.js) of
 * `/api/stat/visit?sid=<site>&cid=<catalog>&id=<content>`. No cookie, no member, no body: the
 * answer is `204 No Content` whether the view counted or not (a view of a draft, of another site's
 * content, of a site or catalog page without `id`, from a crawler naming itself: nothing is
 * counted, and nothing tells which contents exist). Refused with the envelope only when malformed
 * (400, naming the field) or when the address is over its cap (429 with Retry-After): the cap is
 * the counter's own, per process (view-counter.ts says why), not a shared throttle of limits.ts.
 */
async function visit(call: PublicCall<unknown, VisitQuery>) {
  const { site, query, reply } = call;
  if (site && !isBotAgent(call.userAgent)) {
    const counter = viewCounterOf(call.services);
    const at = new Date();
    // A content page counts toward its content's views; any page (home, list, content…) is a page view.
    const outcome = await counter.visit(site.siteId, query.id ?? null, call.ip, at);
    if (outcome === 'throttled') throw new RateLimited(counter.secondsLeft(call.ip));
    const contentId = outcome === 'counted' ? query.id! : null;
    // An id that is not a published content of the site is no content page: no view is recorded at all.
    if (query.id === undefined || contentId !== null) {
      await statRecorderOf(call.services).record({
        siteId: site.siteId, contentId, catalogId: contentId !== null ? counter.catalogOf(contentId) : (query.cid ?? null),
        path: query.p ?? '/', referrer: query.r, pageHost: hostOf(call.req.headers.referer ?? call.req.headers.origin), address: call.ip, userAgent: call.userAgent, at,
      });
    }
  }
  return reply.code(204).header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').send();
}

/** The host of the page that sent the beacon (its Referer, else its Origin), null when neither says. */
function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export const statPublicRoutes = (['GET', 'POST'] as const).map((method) => publicRoute<unknown, VisitQuery>({
  method, url: '/api/stat/visit', site: 'required', query: visitQuery, fields: 'statVisit', bodyLimit: 1024, writeLimit: false, raw: true, compress: false, handler: visit,
}));
