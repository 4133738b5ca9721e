import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpContext } from '../../../core/operation.ts';
import { readOp } from '../../../core/operation.ts';
import { fail } from '../../../core/errors.ts';
import { hasPermission } from '../../../core/access.ts';
import type { Services } from '../../../core/services.ts';
import { siteBase, type ServerConfig } from '../../../config.ts';
import { normalizeLocale } from '../../../../shared/i18n/locales.ts';
import type { PreviewType } from '../../../../shared/validators/preview.ts';
import { sitePageCsp } from '../publish/site-headers.ts';
import { previewObject } from './preview-access.ts';
import { cmsPreviewTicket } from './schema.ts';

/**
 * Preview tickets (README "The default theme and preview"). The API renders a preview for a
 * signed-in user and keeps the page a few minutes under a random ticket (only its hash is
 * stored); the console frames `<site base>_preview/<ticket>`, served by the sites' port. So a
 * site's HTML — its scripts, its images, which live there — runs on the sites' origin, never
 * the console's, and no console token is ever in a URL. A ticket shows one page of one object:
 * the row holds that page, nothing can widen it. When the frame loads, the session that minted
 * it must still be live (signed out, disabled: refused) and its user must still hold View on the
 * object (and the template view key for the workbench's).
 */

/** How long a preview's ticket lives: long enough to load, reload and look at the frame. */
export const PREVIEW_TICKET_SECONDS = 300;
/** A live preview is minted again on every pause in typing: its tickets live shorter. */
export const WORKBENCH_TICKET_SECONDS = 120;
export const PREVIEW_PATH = '/_preview/';
const TICKET = /^[A-Za-z0-9_-]{43}$/;
const TEMPLATE_VIEW = 'cms:template:view';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export type TicketKind = 'preview' | 'workbench';

export interface TicketPage {
  kind: TicketKind;
  siteId: number;
  objectType: PreviewType;
  objectId: number;
  consoleOrigin: string;
  html: string;
}

/** Keeps a rendered preview under a new ticket; returns the frame's address on the sites' port. */
export async function mintTicket(op: OpContext, page: TicketPage): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const now = Date.now();
  const seconds = page.kind === 'workbench' ? WORKBENCH_TICKET_SECONDS : PREVIEW_TICKET_SECONDS;
  // Expired tickets go (an index on the expiry), and a live preview's earlier pages of this session
  // (typing mints one per pause); the one before stays a moment, in case its frame is still loading.
  await op.tx.delete(cmsPreviewTicket).where(lt(cmsPreviewTicket.expiresAt, new Date(now)));
  if (page.kind === 'workbench') {
    await op.tx.delete(cmsPreviewTicket).where(and(eq(cmsPreviewTicket.sessionHash, op.actor.tokenHash), eq(cmsPreviewTicket.kind, 'workbench'),
      lt(cmsPreviewTicket.createTime, sql`now() - interval '15 seconds'`)));
  }
  await op.tx.insert(cmsPreviewTicket).values({
    ticketHash: hashOf(ticket), sessionHash: op.actor.tokenHash, siteId: page.siteId, kind: page.kind,
    objectType: page.objectType, objectId: page.objectId, consoleOrigin: page.consoleOrigin, html: page.html,
    expiresAt: new Date(now + seconds * 1000),
  });
  return `${siteBase(op.services.config)}${PREVIEW_PATH.slice(1)}${ticket}`;
}

/**
 * The console's origin of a request: the origin a console served elsewhere calls from (CORS_ORIGINS
 * lists it), else the API's own (the console is served beside it). The previewed page may be
 * framed by it only (frame-ancestors), and its preview links lead there.
 */
export function consoleOriginOf(req: FastifyRequest, config: Pick<ServerConfig, 'corsOrigins'>): string {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && config.corsOrigins.includes(origin)) return origin;
  let own: URL | null = null;
  try {
    own = new URL(`${req.protocol}://${req.host}`);
  } catch {
    // a Host header that is no host: refused below
  }
  // Only a host (and port): it is written into a header and into links.
  if (!own || own.pathname !== '/' || own.search || own.username || own.password) throw fail('fail');
  return own.origin;
}

/** The policy of a previewed page: the site's, framed only by the console that asked for it. */
export function previewCsp(config: Pick<ServerConfig, 'siteCsp'>, consoleOrigin: string): string {
  const site = sitePageCsp(config).split(';').map((d) => d.trim()).filter((d) => d && !/^frame-ancestors\b/i.test(d));
  return [...site, `frame-ancestors ${consoleOrigin}`].join('; ');
}

/** GET /_preview/:ticket on the sites' port: the ticket's page, if its user may still see it. */
export function servePreviews(sites: FastifyInstance, services: Services) {
  sites.get<{ Params: { ticket: string } }>(`${PREVIEW_PATH}:ticket`, async (req, reply) => {
    const locale = normalizeLocale(req.headers['accept-language']);
    const t = services.i18n.translator(locale);
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex');
    const row = await liveTicket(req.params.ticket, services);
    const actor = row ? await services.actorOfSession(row.sessionHash) : null;
    let allowed = !!row && !!actor && !actor.passwordDemand && (row.kind !== 'workbench' || hasPermission(actor, TEMPLATE_VIEW));
    if (allowed && row && actor) {
      try {
        const op = readOp({ actor, site: null, services, locale, t, ip: req.ip });
        const { site } = await previewObject(op, row.objectType as PreviewType, row.objectId);
        allowed = site.siteId === row.siteId;
      } catch {
        allowed = false;
      }
    }
    if (!allowed || !row) return refuse(reply, t('template.previewRefused'));
    return reply
      .header('Content-Security-Policy', previewCsp(services.config, row.consoleOrigin))
      .type('text/html; charset=utf-8')
      .send(row.html);
  });
}

async function liveTicket(ticket: string, services: Services) {
  if (!TICKET.test(ticket)) return null;
  const [row] = await services.db.select().from(cmsPreviewTicket)
    .where(and(eq(cmsPreviewTicket.ticketHash, hashOf(ticket)), gt(cmsPreviewTicket.expiresAt, new Date())));
  return row ?? null;
}

function refuse(reply: FastifyReply, text: string) {
  return reply.code(403).type('text/plain; charset=utf-8').send(text);
}
