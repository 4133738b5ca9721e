import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../../core/services.ts';
import { fileRoute, registerRoute } from '../../../core/route.ts';
import { HTTP_URL_PATTERN } from '../../../../shared/validators/url.ts';
import { adCounterOf } from './counter.ts';

/** A transparent 1×1 GIF: the answer to an impression, so `<img src="…/view/ID">` counts one. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const adIdOf = (req: FastifyRequest) => {
  const raw = (req.params as { id?: string }).id ?? '';
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
};

/**
 * The readers' ad counter (public, no session: a console token or cookie is ignored, never
 * needed), on the API server and on the sites' server alike (a published page links its own
 * origin): `GET /api/advertisement/view/:id` counts an impression and answers a pixel;
 * `GET /api/advertisement/click/:id` counts a click and redirects to the ad's stored address, never
 * to one in the request. Only a live ad of a published space counts or redirects; anything else is
 * a 404 that says nothing of which site or ad exists. Counts are buffered (counter.ts).
 */
export function serveAdCounter(app: FastifyInstance, services: Services) {
  const counter = adCounterOf(services);
  registerRoute(services, fileRoute('public', '/api/advertisement/view/:id', 'image/gif', 'Counts an impression of an ad; answers a transparent pixel'));
  registerRoute(services, fileRoute('public', '/api/advertisement/click/:id', 'text/plain', 'Counts a click on an ad and redirects (302) to its stored address'));
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
  app.get('/api/advertisement/view/:id', async (req, reply) => {
    const id = adIdOf(req);
    const ad = id === null ? null : await counter.liveAd(id);
    if (ad) counter.count(ad.advertisementId, 'view', req.ip);
    return noStore(reply).type('image/gif').send(PIXEL);
  });
  app.get('/api/advertisement/click/:id', async (req, reply) => {
    const id = adIdOf(req);
    const ad = id === null ? null : await counter.liveAd(id);
    // The stored address was checked on save; checked again, so a row written otherwise sends nobody elsewhere.
    if (!ad || !HTTP_URL_PATTERN.test(ad.redirectUrl)) return noStore(reply).code(404).type('text/plain; charset=utf-8').send('Not found');
    counter.count(ad.advertisementId, 'click', req.ip);
    return noStore(reply).redirect(ad.redirectUrl, 302);
  });
}
