import { InputText } from 'primereact/inputtext';
import { InputSwitch } from 'primereact/inputswitch';
import { useLocale, useT } from '../../../lib/i18n/react.ts';
import fb from '../../../lib/i18n/ns/formBuilder.ts';
import { SelectInput } from '../../../components/widgets/SelectInput.tsx';
import { Field, fieldIds } from '../../cms/editor/Field.tsx';
import { propsOf, type DesignField, type DesignProp } from '../../../../shared/cms/form-design.ts';
import { XFIELD_TYPES, type XFieldType } from '../../../../shared/cms/xmodel.ts';
import type { CanvasField } from './designer-model.ts';
import { kindLabel, propLabel } from './labels.ts';

interface Props {
  field: CanvasField | null;
  errors: Record<string, string>;
  /** dictionary types the console knows (a datalist for the dictionary input), when it may read them */
  dictTypes: readonly { dictType: string; dictName: string }[];
  onChange(patch: Partial<DesignField>): void;
}

const NUMBERS: readonly DesignProp[] = ['minLength', 'maxLength', 'minValue', 'maxValue'];
const SWITCHES: readonly DesignProp[] = ['required', 'searchable'];

/** A number property as typed: blank is none, a number is kept as one, anything else as typed (the check names it). */
function numberOf(text: string): number | null {
  const s = text.trim();
  if (!s) return null;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : (s as unknown as number);
}

/**
 * The selected field's properties, exactly those of a stored model field, the ones its kind has:
 * label, code, kind, dictionary (choices), required, lengths and pattern (texts), range (numbers),
 * default and searchable. Labelled as the model's field screen labels them; errors under each.
 */
export function PropertyPanel({ field, errors, dictTypes, onChange }: Props) {
  const t = useT(fb);
  const lng = useLocale();
  if (!field) return <p className="fb-note">{t('props.none')}</p>;
  const kinds = XFIELD_TYPES.map((k) => ({ value: k, label: kindLabel(k, lng) }));
  const control = (p: DesignProp) => {
    const id = fieldIds(`fb-${p}`).control;
    const value = field[p];
    if (p === 'fieldType') {
      return <SelectInput inputId={id} value={field.fieldType} options={kinds} onChange={(v) => v && onChange({ fieldType: v as XFieldType })} />;
    }
    if (SWITCHES.includes(p)) {
      return <InputSwitch inputId={id} checked={value === 'Y'} onChange={(e) => onChange({ [p]: e.value ? 'Y' : 'N' })} />;
    }
    if (NUMBERS.includes(p)) {
      return <InputText id={id} value={value === null || value === undefined ? '' : String(value)} inputMode="decimal" onChange={(e) => onChange({ [p]: numberOf(e.target.value) })} />;
    }
    const text = value === null || value === undefined ? '' : String(value);
    // A label and a code are always text; a blank rule is no rule (null, as stored).
    const blank = p === 'label' || p === 'code' ? '' : null;
    return (
      <InputText id={id} value={text} list={p === 'dictType' && dictTypes.length ? 'fb-dict-types' : undefined} spellCheck={p === 'label'}
        onChange={(e) => onChange({ [p]: e.target.value === '' ? blank : e.target.value })} />
    );
  };
  return (
    <div className="fb-props" data-testid="fb-props">
      {propsOf(field.fieldType).map((p) => (
        <Field key={p} name={`fb-${p}`} label={propLabel(p, lng)} error={errors[p]} hint={p === 'dictType' ? t('props.dictHint') : undefined}>
          {control(p)}
        </Field>
      ))}
      {dictTypes.length ? (
        <datalist id="fb-dict-types">
          {dictTypes.map((d) => <option key={d.dictType} value={d.dictType}>{d.dictName}</option>)}
        </datalist>
      ) : null}
    </div>
  );
}
