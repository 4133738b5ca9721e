import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { InputSwitch } from 'primereact/inputswitch';
import { useT } from '../../../lib/i18n/react.ts';
import xmodelNs from '../../../lib/i18n/ns/xmodel.ts';
import { RichEditor } from '../../../components/widgets/RichEditor.tsx';
import { SelectInput } from '../../../components/widgets/SelectInput.tsx';
import { ChoiceGroup } from '../../../components/widgets/ChoiceGroup.tsx';
import { DateTimeInput } from '../../../components/widgets/DateTimeInput.tsx';
import { formatDateTime } from '../../../../shared/format.ts';
import { Field, fieldIds } from '../editor/Field.tsx';
import type { XField } from '../../../../shared/cms/xmodel.ts';
import type { ExtendApi } from './use-extend.ts';
import './xmodel.css';

type Choice = { value: string; label: string };

/** A date field's stored day (yyyy-MM-dd) as the picker's local date; anything else as none. */
function dayOf(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

interface ControlProps {
  f: XField;
  value: unknown;
  set: (v: unknown) => void;
  choices: Choice[];
  readOnly: boolean;
  /** the field's error, when shown (the control says it is invalid and is described by it) */
  error?: string;
}

/**
 * One field's control, by its kind; its id is `ce-x-<code>` (the Field's label names it, and ties
 * its error to it). Rich text, choices and the lists' dropdown are the console's shared widgets,
 * each loaded when drawn (Quill and PrimeReact's Dropdown stay out of the pages' first chunk).
 */
function Control({ f, value, set, choices, readOnly, error }: ControlProps) {
  const t = useT(xmodelNs);
  const ids = fieldIds(`x-${f.code}`);
  const id = ids.control;
  const required = f.required === 'Y';
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  switch (f.fieldType) {
    case 'textarea':
      return <InputTextarea id={id} value={text} rows={3} autoResize disabled={readOnly} aria-required={required || undefined} onChange={(e) => set(e.target.value)} />;
    case 'richtext':
      // The server keeps only what an article body may hold (the same sanitizer).
      return <RichEditor id={id} value={text} library minHeight={160} readOnly={readOnly} invalid={!!error} required={required} describedBy={error ? ids.error : ''} onChange={(html) => set(html)} />;
    case 'number':
      return <InputText id={id} value={text} inputMode="decimal" disabled={readOnly} aria-required={required || undefined} onChange={(e) => set(e.target.value)} />;
    case 'date':
      // The shared calendar, a day without a time; stored as yyyy-MM-dd, as the server checks it.
      return (
        <DateTimeInput id={id} dateOnly buttonBar value={dayOf(text)} placeholder={t('datePlaceholder')} disabled={readOnly} required={required} invalid={!!error}
          onChange={(d) => set(d ? formatDateTime(d, '{y}-{m}-{d}') : '')} />
      );
    case 'switch':
      return <InputSwitch inputId={id} checked={value === 'Y' || value === true} disabled={readOnly} onChange={(e) => set(e.value ? 'Y' : 'N')} />;
    case 'select':
      return (
        <SelectInput inputId={id} value={text || null} options={choices} placeholder={t('choose')} showClear={!required} disabled={readOnly}
          invalid={!!error} aria-required={required || undefined} aria-describedby={error ? ids.error : undefined} onChange={(v) => set(v === null ? '' : String(v))} />
      );
    case 'radio':
    case 'checkbox':
      return (
        <ChoiceGroup id={id} label={f.label} multiple={f.fieldType === 'checkbox'} required={required} disabled={readOnly} options={choices}
          value={Array.isArray(value) ? (value as string[]) : text || null} onChange={set} />
      );
    case 'image':
    case 'file':
      return <InputText id={id} value={text} placeholder={t('pathPlaceholder')} disabled={readOnly} aria-required={required || undefined} onChange={(e) => set(e.target.value)} />;
    default:
      return <InputText id={id} value={text} maxLength={f.maxLength ?? undefined} disabled={readOnly} aria-required={required || undefined} onChange={(e) => set(e.target.value)} />;
  }
}

/**
 * The fields of the extension model bound to what an editor edits, each under its label with its
 * error (the shared rules' message, naming the field). Nothing but a note when no model is bound.
 */
export function ExtendFields({ ext, readOnly = false }: { ext: ExtendApi; readOnly?: boolean }) {
  const t = useT(xmodelNs);
  if (ext.phase === 'loading' || ext.phase === 'idle') return <p className="xm-note" aria-busy="true">{t('loading')}</p>;
  if (ext.phase === 'error') return <p className="xm-note" role="alert">{t('loadFailed', { message: ext.loadError })}</p>;
  if (!ext.model) return <p className="xm-note" data-testid="extend-none">{t('none')}</p>;
  return (
    <div className="xm-grid" data-testid="extend-fields">
      {ext.fields.map((f) => (
        <Field key={f.code} name={`x-${f.code}`} label={<>{f.label}{f.required === 'Y' ? <span className="xm-required" aria-hidden="true"> *</span> : null}</>} error={ext.errors[f.code]} wide={f.fieldType === 'richtext' || f.fieldType === 'textarea'}>
          <Control f={f} value={ext.values[f.code]} set={(v) => ext.set(f.code, v)} choices={ext.choices[f.dictType ?? ''] ?? []} readOnly={readOnly} error={ext.errors[f.code]} />
        </Field>
      ))}
    </div>
  );
}
