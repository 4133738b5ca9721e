import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { InputSwitch } from 'primereact/inputswitch';
import { RadioButton } from 'primereact/radiobutton';
import { Checkbox } from 'primereact/checkbox';
import { useT } from '../../../lib/i18n/react.ts';
import xmodelNs from '../../../lib/i18n/ns/xmodel.ts';
import { Field } from '../editor/Field.tsx';
import type { XField } from '../../../../shared/cms/xmodel.ts';
import type { ExtendApi } from './use-extend.ts';
import './xmodel.css';

type Choice = { value: string; label: string };

/** One field's control, by its kind; its id is `ce-x-<code>` (the Field's label names it). */
function Control({ f, value, set, choices, readOnly }: { f: XField; value: unknown; set: (v: unknown) => void; choices: Choice[]; readOnly: boolean }) {
  const t = useT(xmodelNs);
  const id = `ce-x-${f.code}`;
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  switch (f.fieldType) {
    case 'textarea':
    case 'richtext':
      // Rich text is edited as its HTML: the server keeps only what an article body may hold.
      return <InputTextarea id={id} value={text} rows={f.fieldType === 'richtext' ? 6 : 3} autoResize disabled={readOnly} onChange={(e) => set(e.target.value)} />;
    case 'number':
      return <InputText id={id} value={text} inputMode="decimal" disabled={readOnly} onChange={(e) => set(e.target.value)} />;
    case 'date':
      return <InputText id={id} value={text} placeholder={t('datePlaceholder')} disabled={readOnly} onChange={(e) => set(e.target.value)} />;
    case 'switch':
      return <InputSwitch inputId={id} checked={value === 'Y' || value === true} disabled={readOnly} onChange={(e) => set(e.value ? 'Y' : 'N')} />;
    case 'select':
      // A native select: PrimeReact's Dropdown would join the chunk every list page loads (tests/budget.test.ts).
      return (
        <select id={id} className="p-inputtext xm-select" value={text} disabled={readOnly} onChange={(e) => set(e.target.value)}>
          <option value="">{t('choose')}</option>
          {choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
        </select>
      );
    case 'radio':
      return (
        <div id={id} role="radiogroup" aria-label={f.label} className="xm-choices">
          {choices.map((c) => (
            <span key={c.value} className="xm-choice">
              <RadioButton inputId={`${id}-${c.value}`} name={id} value={c.value} checked={value === c.value} disabled={readOnly} onChange={(e) => set(e.value)} />
              <label htmlFor={`${id}-${c.value}`}>{c.label}</label>
            </span>
          ))}
        </div>
      );
    case 'checkbox': {
      const list = Array.isArray(value) ? (value as string[]) : [];
      return (
        <div id={id} role="group" aria-label={f.label} className="xm-choices">
          {choices.map((c) => (
            <span key={c.value} className="xm-choice">
              <Checkbox inputId={`${id}-${c.value}`} checked={list.includes(c.value)} disabled={readOnly} onChange={(e) => set(e.checked ? [...list, c.value] : list.filter((v) => v !== c.value))} />
              <label htmlFor={`${id}-${c.value}`}>{c.label}</label>
            </span>
          ))}
        </div>
      );
    }
    case 'image':
    case 'file':
      return <InputText id={id} value={text} placeholder={t('pathPlaceholder')} disabled={readOnly} onChange={(e) => set(e.target.value)} />;
    default:
      return <InputText id={id} value={text} maxLength={f.maxLength ?? undefined} disabled={readOnly} onChange={(e) => set(e.target.value)} />;
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
          <Control f={f} value={ext.values[f.code]} set={(v) => ext.set(f.code, v)} choices={ext.choices[f.dictType ?? ''] ?? []} readOnly={readOnly} />
        </Field>
      ))}
    </div>
  );
}
