import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { Services } from '../../../core/services.ts';
import { registerRoute } from '../../../core/route.ts';
import { AppError, FieldFailure, ReplyCode } from '../../../core/errors.ts';
import { envelope } from '../../../core/envelope.ts';
import { parseInput } from '../../../core/validation.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../core/json-depth.ts';
import { RateLimited, RateLimiter } from '../../../core/rate-limits.ts';
import { normalizeLocale, type Locale } from '../../../../shared/i18n/locales.ts';
import { formSubmitBody, type FormSubmit } from '../../../../shared/cms/custom-form.ts';
import { id } from '../../../../shared/validators/common.ts';
import { z } from 'zod';
import { CAPTCHA_LIMITS, captchaFor, submitEntry, submittedEntryReply, SUBMIT_LIMITS } from './submit.ts';
import { captchaReply } from '../../auth/index.ts';
import { tempDir } from '../resource/receive.ts';
import { FORM_FILE_MAX_MB, UploadedFile } from './uploads.ts';
import { backLinkOf, RESULT_PAGE_CSP, resultPageHtml } from './result-page.ts';

/** Bounds of a posted form's body (a model has at most 50 fields; a checkbox group sends one part per choice). */
const MULTIPART_LIMITS = { fields: 300, files: 10, parts: 320, fileSize: FORM_FILE_MAX_MB * 1024 * 1024, fieldSize: 200 * 1024 };

/**
 * A multipart body as the flat fields an urlencoded one gives (a repeated name: its values in a
 * list); each file with bytes written to a temporary file (FORM_FILE_MAX_MB at most, the parser
 * stops a bigger one) and given as an UploadedFile. `temps` collects them for removal.
 */
async function multipartFields(req: FastifyRequest, dataDir: string, temps: string[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const add = (name: string, value: unknown) => {
    const had = out[name];
    out[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  };
  for await (const part of req.parts({ limits: MULTIPART_LIMITS })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      // An empty file input (nothing chosen) is no value.
      if (!bytes.length) continue;
      await mkdir(tempDir(dataDir), { recursive: true });
      const file = join(tempDir(dataDir), `form-${randomUUID()}`);
      temps.push(file);
      await writeFile(file, bytes);
      add(part.fieldname, new UploadedFile(file, part.filename, bytes.length));
    } else add(part.fieldname, part.value);
  }
  return out;
}

/** What a refusal says, in the reader's language: the failure's message, or each refused field's. */
function refusalOf(err: unknown, services: Services, locale: Locale): { code: number; lines: string[] } {
  const t = services.i18n.translator(locale);
  if (err instanceof AppError) return { code: err.code, lines: [t(err.key, err.params)] };
  if (err instanceof FieldFailure) return { code: ReplyCode.FAIL, lines: err.issues.map((i) => services.i18n.issueText(locale, i, err.scope)) };
  throw err;
}

/** A browser gets a page; a caller asking for JSON (a page's script, curl) the API's envelope. */
const wantsJson = (req: FastifyRequest) => /\bapplication\/json\b/i.test(req.headers.accept ?? '');

/**
 * The published sites' own submit and captcha routes (the markup posts to its page's origin, where
 * the API is not served): `POST /api/customform/submit` and `GET /api/customform/captcha`, the
 * same checks and storage as the API's (submit.ts), throttled the same per address. Public: no
 * console session, token or cookie is read. The body is JSON, urlencoded or multipart; a browser's
 * post is answered with a small page (thanks, or the refused fields and a link back), a request
 * that accepts JSON with the envelope.
 */
export async function serveFormSubmit(sites: FastifyInstance, services: Services) {
  await sites.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 1024 * 1024 });
    // A JSON body nested too deep is refused before parsing, as on the API (later walks would overflow the stack).
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
      if (nestsDeeperThan(String(text))) return done(new AppError('bodyTooDeep', { max: MAX_JSON_DEPTH }, ReplyCode.FAIL), undefined);
      parseJson(req, text as string, done);
    });
    // What fails before the handler (a malformed or too large body) is answered like any refusal.
    scope.setErrorHandler((err, req, reply) => answer(req, reply, normalizeLocale(req.headers['accept-language']), { ok: false, err: bodyRefusal(err) }));
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    const limiter = await RateLimiter.create(scope, services.config.rateLimits);

    const answer = (req: FastifyRequest, reply: FastifyReply, locale: Locale, outcome: { ok: true; data: unknown } | { ok: false; err: unknown }) => {
      const t = services.i18n.translator(locale);
      const refused = outcome.ok ? null : refusalOf(outcome.err, services, locale);
      if (!outcome.ok && outcome.err instanceof RateLimited) reply.header('Retry-After', String(outcome.err.seconds));
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
      if (wantsJson(req)) {
        return reply.type('application/json; charset=utf-8').send(refused ? envelope(refused.code, refused.lines[0] ?? t('fail')) : envelope(ReplyCode.OK, t('success'), outcome.ok ? outcome.data : undefined));
      }
      const back = backLinkOf(req.headers.referer, req.headers.host);
      const html = resultPageHtml(refused
        ? { lang: locale, title: t('customform.refusedTitle'), lines: refused.lines, back: back ? { href: back, label: t('customform.backToForm') } : undefined }
        : { lang: locale, title: t('customform.thanksTitle'), lines: [t('customform.thanks')], back: back ? { href: back, label: t('customform.backToPage') } : undefined });
      const status = !refused ? 200 : refused.code === ReplyCode.TOO_MANY_REQUESTS ? 429 : 400;
      return reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', RESULT_PAGE_CSP).send(html);
    };

    registerRoute(services, {
      api: 'public', method: 'POST', url: '/api/customform/submit', perm: 'public', site: true, body: formSubmitBody, reply: submittedEntryReply,
      summary: 'Submits a custom form (JSON or multipart with files); a page posting it natively gets an HTML result page',
      codes: [ReplyCode.OK, ReplyCode.TOO_MANY_REQUESTS, ReplyCode.FAIL],
    });
    scope.post('/api/customform/submit', async (req, reply) => {
      const locale = normalizeLocale(req.headers['accept-language']);
      const temps: string[] = [];
      try {
        // Counted per address before a multipart body's files are read to disk: a throttled post costs nothing.
        await limiter.enforce(req, SUBMIT_LIMITS, { ip: req.ip, actor: null, body: undefined });
        const raw = req.isMultipart() ? await multipartFields(req, services.config.dataDir, temps) : req.body;
        const body = parseInput(formSubmitBody, raw ?? {}) as FormSubmit;
        return answer(req, reply, locale, { ok: true, data: await submitEntry(services.db, services.config.dataDir, body, req.ip, services.events) });
      } catch (err) {
        return answer(req, reply, locale, { ok: false, err: multipartBound(err) });
      } finally {
        for (const f of temps) await rm(f, { force: true });
      }
    });

    const captchaQuery = z.object({ siteId: id(), formId: id() });
    registerRoute(services, {
      api: 'public', method: 'GET', url: '/api/customform/captcha', perm: 'public', site: true, query: captchaQuery, reply: captchaReply,
      summary: 'A captcha for a custom form that asks for one', codes: [ReplyCode.OK, ReplyCode.TOO_MANY_REQUESTS, ReplyCode.FAIL],
    });
    scope.get('/api/customform/captcha', async (req, reply) => {
      const locale = normalizeLocale(req.headers['accept-language']);
      const t = services.i18n.translator(locale);
      reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8');
      try {
        const q = parseInput(captchaQuery, req.query) as z.output<typeof captchaQuery>;
        await limiter.enforce(req, CAPTCHA_LIMITS, { ip: req.ip, actor: null, body: q });
        return reply.send(envelope(ReplyCode.OK, t('success'), await captchaFor(services.db, q.siteId, q.formId)));
      } catch (err) {
        const refused = refusalOf(err, services, locale);
        return reply.send(envelope(refused.code, refused.lines[0] ?? t('fail')));
      }
    });
  });
}

/** A failure of the body's parsing as the reader's refusal; anything else is logged and reads "failed". */
function bodyRefusal(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const bound = multipartBound(err);
  if (bound instanceof AppError) return bound;
  return new AppError((err as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'badJson' : 'fail', {}, ReplyCode.FAIL);
}

/** A body past the multipart bounds (a file over FORM_FILE_MAX_MB) is a refusal the reader reads ("too large"), not a server error. */
function multipartBound(err: unknown): unknown {
  const code = (err as { code?: string }).code ?? '';
  if (/^FST_(REQ_FILE_TOO_LARGE|PARTS_LIMIT|FILES_LIMIT|FIELDS_LIMIT)/.test(code) || (err as { statusCode?: number }).statusCode === 413) {
    return new AppError('bodyTooLarge', {}, ReplyCode.FAIL);
  }
  return err;
}
