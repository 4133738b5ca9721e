import type { FieldDef } from '../../../shared/resources/define.ts';
import { humanDuration } from '../../../shared/format.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { useLocale } from '../../lib/i18n/react.ts';

/** A number of seconds in words ("30 days"), for fields with unit 'seconds'; blank when not a number above 0. */
export function secondsText(value: unknown, locale: string): string {
  const n = value === '' || value === null || value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? humanDuration(n, locale) : '';
}

/** Whether a field shows help under its input (FieldHint draws something): its hint, or seconds in words. */
export function hasHint(field: FieldDef, value: unknown, locale: string): boolean {
  return !!field.hint || (field.unit === 'seconds' && secondsText(value, locale) !== '');
}

/** The help under a form input: the field's hint and, for seconds, what the number amounts to. */
export function FieldHint({ name, field, value }: { name: string; field: FieldDef; value: unknown }) {
  const locale = useLocale();
  const seconds = field.unit === 'seconds' ? secondsText(value, locale) : '';
  if (!field.hint && !seconds) return null;
  return (
    <small className="resource-form-hint" data-testid={`hint-${name}`}>
      {seconds ? <span className="resource-form-hint-value">= {seconds}</span> : null}
      {field.hint ? <span>{translate(field.hint, undefined, locale)}</span> : null}
    </small>
  );
}
