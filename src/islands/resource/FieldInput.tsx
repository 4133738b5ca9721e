import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { MultiChoice } from './MultiChoice.tsx';
import { useFieldAria } from '../../components/form/field-aria.ts';
import { SimpleFieldInput, useChoices, type FieldInputProps } from './SimpleFieldInput.tsx';

export { useChoices };

/**
 * The default input for a field, by its kind (a screen may replace it through extensions.fields).
 * In a form row it is invalid, required and described by its error and hint as the row says (useFieldAria).
 */
export function FieldInput(props: FieldInputProps) {
  const { id, name, field, value, onChange, variant, placeholder, invalid, required } = props;
  const choices = useChoices(field);
  const text = value === null || value === undefined ? '' : String(value);
  const aria = useFieldAria(id, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  if (variant === 'form' && (choices || field.kind === 'dict')) {
    const opts = choices ?? [];
    if (field.multiple) {
      return <MultiChoice id={id} value={value} options={opts} invalid={invalid} required={required} placeholder={placeholder} onChange={(v) => onChange(v as string[])} />;
    }
    if (opts.length > 0 && opts.length <= 4) {
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
  }
  if (variant === 'form' && !choices && field.kind === 'textarea') {
    return <InputTextarea id={id} className={invalid ? 'p-invalid' : undefined} {...aria} value={text} rows={field.rows ?? 3} autoResize={false} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
  }
  return <SimpleFieldInput {...props} />;
}
