import type { FieldIssue } from '../../shared/validators/issues.ts';

/** Reply codes of the ChestnutCMS contract (HTTP status stays 200; the envelope carries the code). */
export const ReplyCode = {
  OK: 200,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /**
   * Castanea's own: the user must change their password first (forced or expired). Only the
   * calls the console needs to get the change done answer; the console shows its password demand.
   */
  PASSWORD_CHANGE_REQUIRED: 428,
  /** Castanea's own: a throttle is used up (core/rate-limits.ts); the reply carries Retry-After. */
  TOO_MANY_REQUESTS: 429,
  FAIL: 500,
  REPEAT_SUBMIT: 601,
} as const;
export type ReplyCodeValue = (typeof ReplyCode)[keyof typeof ReplyCode];

/**
 * What each reply code means and the server message (core/messages) a refusal with it carries: the
 * OpenAPI document's catalogue of codes (core/openapi.ts). A 500 carries the failure's own message.
 */
export const REPLY_CODES: Readonly<Record<ReplyCodeValue, { meaning: string; message?: string }>> = {
  [ReplyCode.OK]: { meaning: 'success; `data` holds the answer', message: 'success' },
  [ReplyCode.UNAUTHORIZED]: { meaning: 'no valid session: sign in again', message: 'auth.notLogin' },
  [ReplyCode.FORBIDDEN]: { meaning: 'the permission key, the site or the rows named are out of reach', message: 'auth.noPermission' },
  [ReplyCode.PASSWORD_CHANGE_REQUIRED]: { meaning: 'the password must be changed first', message: 'guard.passwordChangeRequired' },
  [ReplyCode.TOO_MANY_REQUESTS]: { meaning: 'a throttle is used up; the reply carries Retry-After', message: 'guard.tooManyRequests' },
  [ReplyCode.FAIL]: { meaning: 'failure or a refused field, with a localized message (`data.field` names a form field)', message: 'fail' },
  [ReplyCode.REPEAT_SUBMIT]: { meaning: 'the same write was sent twice within a second', message: 'auth.repeatSubmit' },
};

/**
 * A failure the user should read. `key` names a server message (see core/messages) and is
 * localised per request; `params` fill its {{placeholders}}.
 */
export class AppError extends Error {
  readonly code: ReplyCodeValue;
  readonly key: string;
  readonly params: Record<string, unknown>;
  /** the form field the failure is about, when it is one (replied as `data.field`, so a form shows it there) */
  field?: string;
  constructor(key: string, params: Record<string, unknown> = {}, code: ReplyCodeValue = ReplyCode.FAIL) {
    super(key);
    this.key = key;
    this.params = params;
    this.code = code;
  }
}

/**
 * Bad input, as shared-schema issues: the reply is the first one's localized message naming its
 * field (schema failures, and a definition's checks across fields).
 */
export class FieldFailure extends Error {
  readonly issues: FieldIssue[];
  /** the resource whose labels name the fields (`fields:<scope>.<field>` first) */
  readonly scope?: string | readonly string[];
  constructor(issues: FieldIssue[], scope?: string | readonly string[]) {
    super('validation');
    this.issues = issues;
    this.scope = scope;
  }
}

export const fail = (key: string, params?: Record<string, unknown>) => new AppError(key, params, ReplyCode.FAIL);
/** A failure about one field of a form that only the server can find (a title already taken): the reply names the field. */
export const failAt = (field: string, key: string, params?: Record<string, unknown>) => Object.assign(fail(key, params), { field });
export const unauthorized = () => new AppError('auth.notLogin', {}, ReplyCode.UNAUTHORIZED);
export const forbidden = (perm: string) => new AppError('auth.noPermission', { perm }, ReplyCode.FORBIDDEN);
