import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { FieldFailure } from '../../../core/errors.ts';
import { withDefaults, type SiteConfigValues } from '../../../../shared/cms/site-config.ts';
import { cmsSite } from '../site/schema.ts';
import { errorProneChecker, sensitiveChecker } from './word-lists.ts';

type Row = Record<string, unknown>;

/** A text field of a save: where it sits in the body, whether it holds HTML, and how its label is found. */
export interface WordField {
  /** the label's name (`title`, `contentHtml`, a form field's label) */
  field: string;
  html: boolean;
  get(): unknown;
  set(value: string): void;
}

/** The site's Words settings (read inside the caller's transaction). */
export async function wordSettingsOf(tx: DbOrTx, siteId: number): Promise<SiteConfigValues> {
  const [site] = await tx.select({ configProps: cmsSite.configProps }).from(cmsSite).where(eq(cmsSite.siteId, siteId));
  return withDefaults(site?.configProps ?? {}, 'words');
}

/**
 * The site's word rules over the text fields of a save: error-prone words corrected (when
 * ErrorProneWordCheck is Y), then sensitive words (when SensitiveWordCheck is Y) refused — the
 * reply names the words and the field they are in, each field reported — or masked, per
 * SensitiveWordAction. Markup is never touched: only the text of HTML fields is.
 */
export async function applyWordRules(tx: DbOrTx, settings: SiteConfigValues, fields: readonly WordField[], labels: string | readonly string[]): Promise<void> {
  const texts = fields.filter((f) => typeof f.get() === 'string' && f.get() !== '');
  if (!texts.length) return;
  if (settings.ErrorProneWordCheck === 'Y') {
    const fixer = await errorProneChecker(tx);
    if (!fixer.empty) for (const f of texts) f.set(f.html ? fixer.fixHtml(String(f.get())) : fixer.fix(String(f.get())));
  }
  if (settings.SensitiveWordCheck !== 'Y') return;
  const checker = await sensitiveChecker(tx);
  if (checker.empty) return;
  if (settings.SensitiveWordAction === 'mask') {
    const by = settings.SensitiveWordReplacement ?? '***';
    for (const f of texts) f.set(f.html ? checker.maskHtml(String(f.get()), by) : checker.mask(String(f.get()), by));
    return;
  }
  const issues = texts.flatMap((f) => {
    const words = f.html ? checker.wordsInHtml(String(f.get())) : checker.words(String(f.get()));
    return words.length ? [{ field: f.field, key: 'sensitiveWords', params: { words: words.join(', ') } }] : [];
  });
  if (issues.length) throw new FieldFailure(issues, labels);
}

const at = (body: Row, key: string, html = false): WordField => ({ field: key, html, get: () => body[key], set: (v) => { body[key] = v; } });

/** A content save's text fields: its titles, summary, SEO texts, an article's body, a book's introduction. */
export function contentWordFields(body: Row): WordField[] {
  const fields = ['title', 'subTitle', 'shortTitle', 'summary', 'seoTitle', 'seoDescription'].map((k) => at(body, k));
  fields.push(at(body, 'contentHtml', true));
  const book = body.book as Row | undefined;
  if (book && typeof book === 'object') fields.push({ ...at(book, 'intro', true), field: 'intro' });
  return fields;
}

/** A content save, inside its transaction: the site's word rules over its texts (the body is changed in place when masking or correcting). */
export async function applyContentWordRules(tx: DbOrTx, siteId: number, body: Row): Promise<void> {
  await applyWordRules(tx, await wordSettingsOf(tx, siteId), contentWordFields(body), ['content']);
}

/** A reader's form entry: its text fields (by the model's field types), named by their labels. */
export async function applyFormWordRules(tx: DbOrTx, siteId: number, fields: readonly { code: string; label: string; fieldType: string }[], values: Row, labels: string): Promise<void> {
  const settings = await wordSettingsOf(tx, siteId);
  if (settings.SensitiveWordCheck !== 'Y') return;
  const texts = fields.filter((f) => f.fieldType === 'text' || f.fieldType === 'textarea' || f.fieldType === 'richtext')
    .map((f): WordField => ({ field: f.label, html: f.fieldType === 'richtext', get: () => values[f.code], set: (v) => { values[f.code] = v; } }));
  // Readers' words are checked, not corrected: error-prone corrections are for the site's own texts.
  await applyWordRules(tx, { ...settings, ErrorProneWordCheck: 'N' }, texts, labels);
}
