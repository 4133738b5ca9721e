import type { ResourceDef } from '../../../shared/resources/define.ts';
import { formFields, isRequired, labelOf, type Row } from '../../lib/resources/client.ts';
import type { FieldErrors } from '../../lib/forms/validate.ts';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import resource from '../../lib/i18n/ns/resource.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { FieldInput } from './FieldInput.tsx';
import { FieldHint, hasHint } from './FieldHint.tsx';
import { FormRow } from '../../components/form/FormRow.tsx';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { VariantFields } from './VariantFields.tsx';
import type { ResourceExtensions } from './types.ts';

interface Props {
  def: ResourceDef;
  title: string;
  mode: 'create' | 'update';
  values: Row;
  errors: FieldErrors;
  saving: boolean;
  /** the values differ from those the dialog opened with (closing it then asks first) */
  dirty: boolean;
  renderers?: ResourceExtensions['fields'];
  isVisible?: ResourceExtensions['formVisible'];
  onChange(name: string, value: unknown): void;
  onSubmit(): void;
  onHide(): void;
}

/** The add/edit dialog: the definition's form fields, each with its localized error under it. */
export function ResourceDialog({ def, title, mode, values, errors, saving, dirty, renderers, isVisible, onChange, onSubmit, onHide }: Props) {
  const t = useT(resource);
  const lng = useLocale();
  return (
    <FormDialog
      formId="resource-form"
      header={t(mode === 'create' ? 'addTitle' : 'editTitle', { title })}
      width="600px"
      className="resource-dialog"
      testId="resource-dialog"
      saving={saving}
      dirty={dirty}
      onSubmit={onSubmit}
      onHide={onHide}
    >
      {formFields(def, mode).filter(([name]) => !isVisible || isVisible(name, values, mode)).map(([name, f]) => {
        const id = `field-${name}`;
        const label = labelOf(name, f);
        const error = errors[name];
        const custom = renderers?.[name];
        const required = isRequired(f);
        if (f.variants && !custom) {
          return <VariantFields key={name} name={name} field={f} mode={mode} values={values} errors={errors} renderers={renderers} onChange={(v) => onChange(name, v)} />;
        }
        const placeholder = f.placeholder ? translate(f.placeholder) : t(f.dict || f.options ? 'choose' : 'placeholder', { field: label });
        return (
          <FormRow key={name} id={id} label={label} error={error} testKey={name} required={required} hint={hasHint(f, values[name], lng) ? <FieldHint name={name} field={f} value={values[name]} /> : undefined}>
            {custom
              ? custom({ name, value: values[name], onChange: (v) => onChange(name, v), invalid: !!error, mode, id, values, required })
              : <FieldInput id={id} name={name} field={f} variant="form" value={values[name]} invalid={!!error} required={required} placeholder={placeholder} onChange={(v) => onChange(name, v)} />}
          </FormRow>
        );
      })}
    </FormDialog>
  );
}
