import { AppError, FieldFailure, ReplyCode } from '../../../core/errors.ts';
import { RateLimited, type RateLimit } from '../../../core/rate-limits.ts';
import type { Services } from '../../../core/services.ts';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import { PARAM_LABELS } from './params.ts';

export const SEARCH_LIMITS: readonly RateLimit[] = [{ name: 'searchPerIp', per: 'ip' }];

/** A refusal in the reader's language: the failure's message, or the first refused parameter's (naming it). */
export function refusalText(err: unknown, services: Services, locale: Locale): { code: number; text: string } {
  const t = services.i18n.translator(locale);
  if (err instanceof AppError) return { code: err.code, text: t(err.key, err.params) };
  if (err instanceof FieldFailure) return { code: ReplyCode.FAIL, text: err.issues.map((i) => services.i18n.issueText(locale, i, PARAM_LABELS)).join('; ') };
  throw err;
}

/** The HTTP status of a refusal: 429 past the throttle, 404 for a site readers cannot search, else 400. */
export const statusOf = (err: unknown) => (err instanceof RateLimited ? 429 : err instanceof AppError && err.key === 'searchPublic.noSite' ? 404 : 400);

