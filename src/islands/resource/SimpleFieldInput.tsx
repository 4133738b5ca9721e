import { InputText } from '../../components/widgets/light-prime.tsx';
import { DateTimeInput } from '../../components/widgets/DateTimeInput.tsx';
import { SelectInput } from '../../components/widgets/SelectInput.tsx';
import { NumberInput } from '../../components/widgets/NumberInput.tsx';
import type { FieldDef } from '../../../shared/resources/define.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { useLocale } from '../../lib/i18n/react.ts';
import { useDict } from '../../components/widgets/DictTag.tsx';
import type { DictOption } from '../../stores/dicts.ts';
import { useFieldAria } from '../../components/form/field-aria.ts';

export interface FieldInputProps {
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
 * A field's input as a search form draws it, and as a form does for every kind but the few only a
 * form has (FieldInput: several choices, radio buttons, a long text): a dropdown of its choices, a
 * number, a date and time, or a line of text. Apart from FieldInput so that a list's search form
 * loads no radio button or text area (issue 34: a list's first render, nothing more).
 */
export function SimpleFieldInput({ id, field, value, onChange, variant, placeholder, invalid, required }: FieldInputProps) {
  const choices = useChoices(field);
  const lng = useLocale();
  const text = value === null || value === undefined ? '' : String(value);
  const cls = invalid ? 'p-invalid' : undefined;
  const aria = useFieldAria(id, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  if (choices || field.kind === 'dict') {
    return <SelectInput inputId={id} className={cls} {...aria} value={text || null} options={choices ?? []} showClear placeholder={placeholder} onChange={(v) => onChange(v ?? '')} />;
  }
  switch (field.kind) {
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
      // A search for a long text is still one line.
      return <InputText id={id} className={cls} {...aria} value={text} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
  }
}
