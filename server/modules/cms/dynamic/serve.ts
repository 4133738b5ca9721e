import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { DYNAMIC_PATH_PATTERN, REQUEST_PARAMS_MAX, REQUEST_VALUE_MAX } from '../../../../shared/cms/dynamic-page.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { TemplateError } from '../template/errors.ts';
import { DYNAMIC_PAGES_PER_ADDRESS, renderOnRequest } from '../template/on-request.ts';
import { AppError } from '../../../core/errors.ts';
import { normalizeLocale } from '../../../../shared/i18n/locales.ts';
import { cmsDynamicPage } from './schema.ts';

/** Parameter names a template may see (`Request.q`); others, and names of prototypes, are dropped. */
const PARAM_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const UNSAFE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** The query parameters as text: the first value of each, at most REQUEST_PARAMS_MAX of them, each cut to REQUEST_VALUE_MAX characters. */
export function requestParams(query: unknown): Record<string, string> {
  const out: [string, string][] = [];
  for (const [name, raw] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (out.length >= REQUEST_PARAMS_MAX) break;
    if (!PARAM_NAME.test(name) || UNSAFE_NAMES.has(name)) continue;
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value === null || typeof value === 'object') continue;
    out.push([name, String(value).slice(0, REQUEST_VALUE_MAX)]);
  }
  return Object.fromEntries(out);
}

const idParam = (v: string | undefined) => (v && /^\d{1,15}$/.test(v) ? Number(v) : undefined);

/**
 * A published site's address that no file answers: a custom dynamic page of the site, when one has
 * this path and a template in the pipe asked for (the site's first enabled pipe at `/<site path>/`,
 * `pipeCode` at `/<site path>_<pipe>/`). Rendered on request through the sandboxed engine, never
 * written; the reply is sandboxed like a published page. False when no page answers (the caller's
 * 404 follows).
 */
export async function serveDynamicPage(services: Services, req: FastifyRequest, reply: FastifyReply, at: { siteId: number; pipeCode?: string; rel: string; csp: string }): Promise<boolean> {
  const path = at.rel.replace(/\/+$/, '');
  if (!DYNAMIC_PATH_PATTERN.test(path)) return false;
  const { db } = services;
  const [page] = await db.select().from(cmsDynamicPage).where(and(eq(cmsDynamicPage.siteId, at.siteId), eq(cmsDynamicPage.path, path)));
  if (!page) return false;
  const pipes = await db.select({ code: cmsPublishPipe.code }).from(cmsPublishPipe)
    .where(and(eq(cmsPublishPipe.siteId, at.siteId), eq(cmsPublishPipe.status, '0'))).orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
  const pipeCode = at.pipeCode ?? pipes[0]?.code;
  const template = pipeCode ? page.templates[pipeCode] : undefined;
  if (!pipeCode || !template || !pipes.some((p) => p.code === pipeCode)) return false;

  const request = requestParams(req.query);
  const wants = new Set(page.initDataTypes);
  reply.header('Content-Security-Policy', at.csp).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'no-store');
  try {
    // In a render thread, with a time limit and a few at once per visitor (template/on-request.ts).
    const result = await renderOnRequest(services, db, {
      siteId: at.siteId, pipeCode, options: {}, scope: { siteId: at.siteId, pipeCode }, reader: `ip:${req.ip}`, max: DYNAMIC_PAGES_PER_ADDRESS,
      ask: {
        type: 'dynamic',
        spec: {
          template, path, request,
          catalogId: wants.has('Catalog') ? idParam(request.catalogId) : undefined,
          contentId: wants.has('Content') ? idParam(request.contentId) : undefined,
        },
      },
    });
    await reply.type('text/html; charset=utf-8').send(result.html);
  } catch (err) {
    // The template's author learns where it failed; a visitor sees no stack and no data.
    const t = services.i18n.translator(normalizeLocale(req.headers['accept-language']));
    const busy = err instanceof AppError && err.key === 'template.tooManyPreviews';
    const where = err instanceof TemplateError ? `${err.template}, line ${err.line}: ${err.detail}` : err instanceof AppError ? t(err.key, err.params) : 'the page could not be rendered';
    if (!busy) req.log.warn({ err, page: page.code }, 'dynamic page failed');
    await reply.code(busy ? 429 : 500).type('text/plain; charset=utf-8').send(`Error: ${where}`);
  }
  return true;
}
