import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { AppError } from '../../../core/errors.ts';
import { cmsSite } from '../site/schema.ts';
import { TemplateError } from '../template/errors.ts';
import { DYNAMIC_PAGES_PER_ADDRESS, renderOnRequest } from '../template/on-request.ts';
import { DYNAMIC_PAGE_TYPES, type DynamicPageType } from '../../../../shared/cms/dynamic-page-types.ts';

/**
 * The readers' pages: the member pages (ChestnutCMS's account dynamic page types: `account/login`,
 * … and `account/{memberId}`) and "contact us" (`contact`, the mailbox's form), all filled by the
 * readers' script alike.
 */
const ACCOUNT_TYPES = DYNAMIC_PAGE_TYPES.filter((t) => t.requestPath.startsWith('account/') || t.type === 'Contact');
const CENTRE = ACCOUNT_TYPES.find((t) => t.requestPath === 'account/{memberId}')!;

/** The member page a path below a pipe's address asks for, with its member id for the centre; or null. */
export function accountPageOf(rel: string): { type: DynamicPageType; memberId: string } | null {
  const fixed = ACCOUNT_TYPES.find((t) => t.requestPath === rel);
  if (fixed && fixed !== CENTRE) return { type: fixed, memberId: '' };
  const m = /^account\/([1-9]\d{0,15})$/.exec(rel);
  return m ? { type: CENTRE, memberId: m[1]! } : null;
}

/**
 * A member page (or "contact us") of a site's pipe, rendered on request on the sites' port like the search page (the
 * site's own HTML on the site's origin): the pipe's template for its type (the pipe prop
 * `memberLoginTemplate`…, else the default theme's `account/<name>.template.html`). The page holds
 * no member's data: it is the same for everyone, and the readers' script fills it from the readers'
 * API with the member's own token (so nothing a member sees is cached or rendered for another).
 * `Request` holds `memberId` on the centre, `next` (where to go after signing in) on the others.
 */
export async function serveAccountPage(services: Services, req: FastifyRequest, reply: FastifyReply, at: { siteId: number; pipeCode: string; rel: string; csp: string }): Promise<boolean> {
  const asked = accountPageOf(at.rel);
  if (!asked) return false;
  reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'no-cache').header('X-Robots-Tag', 'noindex').header('Content-Security-Policy', at.csp);
  const [site] = await services.db.select({ props: cmsSite.publishPipeProps }).from(cmsSite).where(eq(cmsSite.siteId, at.siteId));
  const template = String(site?.props?.[at.pipeCode]?.[asked.type.publishPipeKey] ?? '').trim() || asked.type.defaultTemplate;
  const next = String((req.query as Record<string, unknown> | undefined)?.next ?? '');
  // Only a path of this origin: a sign-in page never sends a reader to another site.
  const request = { sid: String(at.siteId), pp: at.pipeCode, memberId: asked.memberId, next: /^\/(?!\/)[^\s\\]{0,500}$/.test(next) ? next : '' };
  try {
    const result = await renderOnRequest(services, services.db, {
      siteId: at.siteId, pipeCode: at.pipeCode, options: {}, scope: { siteId: at.siteId, pipeCode: at.pipeCode }, reader: `ip:${req.ip}`, max: DYNAMIC_PAGES_PER_ADDRESS,
      ask: { type: 'dynamic', spec: { template, path: at.rel, request } },
    });
    reply.type('text/html; charset=utf-8').send(result.html);
  } catch (err) {
    // As a dynamic page: the template's author learns where it failed, a reader sees no stack and no data.
    const busy = err instanceof AppError && err.key === 'template.tooManyPreviews';
    const where = err instanceof TemplateError ? `${err.template}, line ${err.line}: ${err.detail}` : 'the page could not be rendered';
    if (!busy) req.log.warn({ err, siteId: at.siteId }, 'member page failed');
    reply.code(busy ? 429 : 500).type('text/plain; charset=utf-8').send(`Error: ${where}`);
  }
  return true;
}
