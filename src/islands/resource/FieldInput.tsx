import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { DateTimeInput } from '../../components/widgets/DateTimeInput.tsx';
import { SelectInput } from '../../components/widgets/SelectInput.tsx';
import { NumberInput } from '../../components/widgets/NumberInput.tsx';
import type { FieldDef } from '../../../shared/resources/define.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { useLocale } from '../../lib/i18n/react.ts';
import { useDict } from '../../components/widgets/DictTag.tsx';
import type { DictOption } from '../../stores/dicts.ts';
import { MultiChoice } from './MultiChoice.tsx';
import { useFieldAria } from '../../components/form/field-aria.ts';

interface Props {
  id: string;
  name: string;
  field: FieldDef;
  value: unknown;
  onChange(value: unknown): void;
  /** 'search' shows choices as a clearable dropdown; 'form' as radio buttons when there are few */
  variant: 'search' | 'form';
  placeholder?: string;
  invalid?: boolean;
  /** the field must be filled in (said to assistive technology; the label shows an asterisk) */
  required?: boolean;
}

/** Choices of a field: its dictionary, or its fixed options. */
export function useChoices(field: FieldDef): DictOption[] | undefined {
  const dict = useDict(field.dict);
  const lng = useLocale();
  if (field.options) return field.options.map((o) => ({ value: o.value, label: translate(o.label, undefined, lng) }));
  return dict;
}

/**
 * The default input for a field, by its kind (a screen may replace it through extensions.fields).
 * In a form row it is invalid, required and described by its error and hint as the row says (useFieldAria).
 */
export function FieldInput({ id, name, field, value, onChange, variant, placeholder, invalid, required }: Props) {
  const choices = useChoices(field);
  const lng = useLocale();
  const text = value === null || value === undefined ? '' : String(value);
  const cls = invalid ? 'p-invalid' : undefined;
  const aria = useFieldAria(id, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  if (choices || field.kind === 'dict') {
    const opts = choices ?? [];
    if (variant === 'form' && field.multiple) {
      return <MultiChoice id={id} value={value} options={opts} invalid={invalid} required={required} placeholder={placeholder} onChange={(v) => onChange(v as string[])} />;
    }
    if (variant === 'form' && opts.length > 0 && opts.length <= 4) {
      return (
        <div className="field-radios" role="radiogroup" id={id} {...aria}>
          {opts.map((o) => (
            <label key={o.value} className="field-radio">
              <RadioButton inputId={`${id}-${o.value}`} name={name} value={o.value} checked={text === o.value} onChange={(e) => onChange(e.value)} />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      );
    }
    return <SelectInput inputId={id} className={cls} {...aria} value={text || null} options={opts} showClear placeholder={placeholder} onChange={(v) => onChange(v ?? '')} />;
  }
  switch (field.kind) {
    case 'textarea':
      // A search for a long text is still one line.
      if (variant === 'search') return <InputText id={id} className={cls} {...aria} value={text} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
      return <InputTextarea id={id} className={cls} {...aria} value={text} rows={field.rows ?? 3} autoResize={false} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
    case 'number':
      return (
        <NumberInput
          inputId={id}
          className={cls}
          {...aria}
          value={text === '' ? null : Number(text)}
          showButtons={variant === 'form'}
          min={0}
          suffix={field.unit === 'seconds' ? ` ${translate('resource:seconds', undefined, lng)}` : undefined}
          placeholder={placeholder}
          onChange={(v) => onChange(v ?? '')}
        />
      );
    case 'datetime':
      return <DateTimeInput id={id} invalid={invalid} required={required} {...aria} value={value instanceof Date ? value : text ? new Date(text.replace(' ', 'T')) : null} placeholder={placeholder} buttonBar onChange={(d) => onChange(d ?? (variant === 'form' ? null : ''))} />;
    case 'password':
      return <InputText id={id} className={cls} {...aria} type="password" autoComplete="new-password" value={text} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
    default:
      return <InputText id={id} className={cls} {...aria} value={text} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
  }
}
