import type { FieldDef } from '../../../shared/resources/define.ts';
import { isRequired, labelOf, type Row } from '../../lib/resources/client.ts';
import { secretFlag, shapeOf } from '../../../shared/resources/variants.ts';
import type { FieldErrors } from '../../lib/forms/validate.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { FieldInput } from './FieldInput.tsx';
import { FormRow } from '../../components/form/FormRow.tsx';
import { SecretInput } from './SecretInput.tsx';
import type { ResourceExtensions } from './types.ts';

interface Props {
  name: string;
  field: FieldDef;
  mode: 'create' | 'update';
  /** all values of the form: the discriminator picks the shape */
  values: Row;
  errors: FieldErrors;
  /** extension renderers, by `<field>.<sub-field>` */
  renderers?: ResourceExtensions['fields'];
  onChange(value: Row): void;
}

/** The sub-fields of a variant field for the shape its discriminator picks, each with its own error. */
export function VariantFields({ name, field, mode, values, errors, renderers, onChange }: Props) {
  const shape = Object.entries(shapeOf(field.variants!, values[field.variants!.by])).filter(([, f]) => f.input);
  if (shape.length === 0) return null;
  const current = (values[name] && typeof values[name] === 'object' ? values[name] : {}) as Row;
  return (
    <fieldset className="resource-form-group" data-testid={`variant-${name}`}>
      <legend>{labelOf(name, field)}</legend>
      {shape.map(([sub, f]) => {
        const path = `${name}.${sub}`;
        const id = `field-${name}-${sub}`;
        const label = labelOf(sub, f);
        const set = (v: unknown) => onChange({ ...current, [sub]: v });
        const error = errors[path];
        const custom = renderers?.[path];
        const required = isRequired(f);
        return (
          <FormRow key={sub} id={id} label={label} error={error} testKey={path} required={required}>
            {custom ? (
              custom({ name: path, value: current[sub], onChange: set, invalid: !!error, mode, id, values, required })
            ) : f.kind === 'password' ? (
              <SecretInput id={id} value={current[sub]} stored={mode === 'update' && current[secretFlag(sub)] === true} invalid={!!error} onChange={set} />
            ) : (
              <FieldInput id={id} name={path} field={f} variant="form" value={current[sub]} invalid={!!error} required={required} placeholder={f.placeholder ? translate(f.placeholder) : label} onChange={set} />
            )}
          </FormRow>
        );
      })}
    </fieldset>
  );
}
