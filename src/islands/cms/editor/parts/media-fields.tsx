import { NumberInput } from '../../../../components/widgets/NumberInput.tsx';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';
import { formatDuration } from '../../../../../shared/format.ts';
import { Field } from '../Field.tsx';
import { contentLabel } from '../labels.ts';

/** A whole number field of a media item (duration, rates, channels) with its unit after it. */
export function NumberField({ id, name, value, unit, readOnly, hint, onChange }: { id: string; name: string; value: number | null; unit?: string; readOnly: boolean; hint?: string; onChange(v: number | null): void }) {
  return (
    <Field name={id} label={contentLabel(name)} hint={hint}>
      <div className="ce-unit">
        <NumberInput inputId={`ce-${id}`} value={value} min={0} disabled={readOnly} onChange={onChange} />
        {unit ? <span className="ce-unit-text">{unit}</span> : null}
      </div>
    </Field>
  );
}

/** A duration in seconds, with its reading in hours, minutes and seconds. */
export function DurationField({ id, value, readOnly, onChange }: { id: string; value: number | null; readOnly: boolean; onChange(v: number | null): void }) {
  const t = useT(editorNs);
  const units = { h: t('units.h'), m: t('units.m'), s: t('units.s') };
  return <NumberField id={id} name="duration" value={value} unit={t('units.seconds')} readOnly={readOnly} hint={value ? `= ${formatDuration(value, units)}` : undefined} onChange={onChange} />;
}

/** Where a fact came from, after a file was chosen: read from the file, or left to the user. */
export function FactsNote({ state }: { state: 'reading' | 'read' | 'partial' | 'none' | null }) {
  const t = useT(editorNs);
  if (!state) return null;
  return <p className={`ce-facts ce-facts-${state}`} data-testid="media-facts" role="status">{t(`media.${state}`)}</p>;
}
