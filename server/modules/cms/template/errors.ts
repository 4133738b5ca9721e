import { LiquidError } from 'liquidjs';
import { AppError } from '../../../core/errors.ts';
import type { Translate } from '../../../core/i18n.ts';
import en from '../messages/en.ts';

/**
 * Errors of the template language. Whatever goes wrong — a syntax error, an unknown attribute, a
 * limit — reaches the caller (publisher, preview, editor) as one TemplateError naming the
 * template, the line and the column, with its detail as a message key (localised per reader); the
 * known kinds of LiquidJS's own errors too, any other one in LiquidJS's English words.
 */

type Params = Record<string, unknown>;

/** A problem the CMS tags and filters find; `key` is a server message under `template.`. */
export class CmsTemplateProblem extends Error {
  readonly key: string;
  readonly params: Params;
  constructor(key: string, params: Params = {}) {
    super(english(key, params));
    this.key = key;
    this.params = params;
  }
}

/** The English text of a `template.<key>` message (tests and logs read it; replies localise it). */
export function english(key: string, params: Params = {}): string {
  const text = (en.template as Record<string, unknown>)[key];
  if (typeof text !== 'string') return key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}

/** LiquidJS's limit messages, told in our words. */
const LIQUID_LIMITS: Record<string, string> = {
  'template render limit exceeded': 'renderLimit',
  'memory alloc limit exceeded': 'memoryLimit',
  'parse length limit exceeded': 'parseLimit',
};

/**
 * LiquidJS's own errors (liquidjs/dist: its asserts and tokenizer errors), by their English text,
 * as our message keys with the parts they name: a Chinese sentence no longer ends in English.
 */
const LIQUID_MESSAGES: readonly [RegExp, string, ...string[]][] = [
  [/^tag "(.*)" not found$/, 'liquidTagNotFound', 'name'],
  [/^undefined filter: (.*)$/, 'liquidFilterNotFound', 'name'],
  [/^tag (.*) not closed$/, 'liquidTagNotClosed', 'tag'],
  [/^output (.*) not closed$/, 'liquidOutputNotClosed', 'output'],
  [/^raw (.*) not closed$/, 'liquidRawNotClosed', 'raw'],
  [/^unexpected token (.*), value expected$/, 'liquidValueExpected', 'found'],
  [/^unexpected character (.*)$/, 'liquidUnexpectedCharacter', 'found'],
  [/^illegal tag: (.*)$/, 'liquidIllegalTag', 'tag'],
  [/^invalid value expression: (.*)$/, 'liquidInvalidValue', 'expr'],
  [/^undefined variable: (.*)$/, 'liquidUndefinedVariable', 'name'],
  [/^(?:expected filter name|expected ":" after filter name|expected "\|" before filter)$/, 'liquidFilterSyntax'],
  [/^(?:illegal tag syntax, tag name expected|illegal liquid tag syntax)$/, 'liquidTagName'],
  [/^duplicated else$/, 'liquidDuplicatedElse'],
  [/^unexpected elsif after else$/, 'liquidElsifAfterElse'],
  [/^unbalanced parentheses$/, 'liquidParentheses'],
  [/^\[ not closed$/, 'liquidBracket'],
  [/^invalid range syntax$/, 'liquidRange'],
  [/^(?:expected "="|expected variable name)$/, 'liquidAssign'],
];

/** A LiquidJS message as one of our keys with its parts, or null for a kind not listed. */
export function liquidDetail(message: string): { key: string; params: Params } | null {
  for (const [pattern, key, ...names] of LIQUID_MESSAGES) {
    const m = pattern.exec(message);
    if (m) return { key, params: Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? ''])) };
  }
  return null;
}

export interface TemplatePosition {
  template: string;
  line: number;
  col: number;
}

/**
 * The error callers see: AppError `template.error` ("<template>, line L, column C: <detail>") so a
 * route can reply with it as it is, plus the parts for the publisher's report and the editor's
 * diagnostics.
 */
export class TemplateError extends AppError {
  readonly template: string;
  readonly line: number;
  readonly col: number;
  readonly detailKey: string | null;
  readonly detailParams: Params;
  readonly detail: string;
  constructor(pos: TemplatePosition, detail: { key: string; params?: Params } | string) {
    const text = typeof detail === 'string' ? detail : english(detail.key, detail.params);
    super('template.error', { ...pos, detail: text });
    this.template = pos.template;
    this.line = pos.line;
    this.col = pos.col;
    this.detailKey = typeof detail === 'string' ? null : detail.key;
    this.detailParams = typeof detail === 'string' ? {} : (detail.params ?? {});
    this.detail = text;
    this.message = `${pos.template}, line ${pos.line}, column ${pos.col}: ${text}`;
  }

  /** The message in a reader's language. */
  localized(t: Translate): string {
    const detail = this.detailKey ? t(`template.${this.detailKey}`, this.detailParams) : this.detail;
    return t('template.error', { template: this.template, line: this.line, col: this.col, detail });
  }

  /** What a report or an editor needs, in a reader's language. */
  toJSON() {
    return { template: this.template, line: this.line, col: this.col, message: this.detail };
  }
}

/** A LiquidJS message without the ", file:…, line:…, col:…" LiquidJS appends. */
const bare = (message: string) => message.replace(/(?:, file:[^\n]*?)?, line:\d+, col:\d+$/, '');

/**
 * Turns anything thrown while parsing or rendering `template` into a TemplateError at the right
 * place: LiquidJS errors carry the token (its file is the template it was read from, which may be
 * an included one); our own problems carry a key; anything else is reported at the template's start.
 */
export function toTemplateError(err: unknown, template: string): TemplateError {
  if (err instanceof TemplateError) return err;
  let cause: unknown = err;
  let pos: TemplatePosition = { template, line: 1, col: 1 };
  if (LiquidError.is(err)) {
    const inner = (err as { errors?: unknown[] }).errors?.[0];
    const liquid = (LiquidError.is(inner) ? inner : err) as LiquidError & { originalError?: unknown };
    const [line, col] = liquid.token?.getPosition?.() ?? [1, 1];
    pos = { template: liquid.token?.file || template, line, col };
    cause = liquid.originalError ?? liquid;
    // A problem raised inside an included template arrives wrapped: keep its own position.
    if (cause instanceof TemplateError) return cause;
    if (LiquidError.is(cause) && cause !== liquid) return toTemplateError(cause, pos.template);
  }
  if (cause instanceof CmsTemplateProblem) return new TemplateError(pos, { key: cause.key, params: cause.params });
  if (cause instanceof AppError && cause.key.startsWith('template.')) return new TemplateError(pos, { key: cause.key.slice('template.'.length), params: cause.params });
  const message = bare(cause instanceof Error ? cause.message : String(cause));
  const limit = LIQUID_LIMITS[message];
  if (limit) return new TemplateError(pos, { key: limit });
  if (cause instanceof RangeError && /call stack/i.test(message)) return new TemplateError(pos, { key: 'tooDeep' });
  return new TemplateError(pos, liquidDetail(message) ?? message);
}

/** What a publish refusal says of a render that failed: the template and line, or the error's words. */
export const renderFailureDetail = (err: unknown): string =>
  err instanceof TemplateError ? `${err.template}, line ${err.line}: ${err.detail}` : err instanceof Error ? err.message : String(err);
