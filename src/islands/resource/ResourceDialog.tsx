import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import type { ResourceDef } from '../../lib/resources/define.ts';
import { formFields, labelOf, type Row } from '../../lib/resources/client.ts';
import type { FieldErrors } from '../../lib/forms/validate.ts';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import resource from '../../lib/i18n/ns/resource.ts';
import { FieldInput } from './FieldInput.tsx';
import { FieldHint } from './FieldHint.tsx';
import type { ResourceExtensions } from './types.ts';

interface Props {
  def: ResourceDef;
  title: string;
  mode: 'create' | 'update';
  visible: boolean;
  values: Row;
  errors: FieldErrors;
  saving: boolean;
  renderers?: ResourceExtensions['fields'];
  isVisible?: ResourceExtensions['formVisible'];
  onChange(name: string, value: unknown): void;
  onSubmit(): void;
  onHide(): void;
}

/** The add/edit dialog: the definition's form fields, each with its localized error under it. */
export function ResourceDialog({ def, title, mode, visible, values, errors, saving, renderers, isVisible, onChange, onSubmit, onHide }: Props) {
  const t = useT(resource);
  useLocale();
  const footer = (
    <div className="resource-dialog-footer">
      <Button type="submit" form="resource-form" size="small" label={t('submit')} loading={saving} />
      <Button type="button" size="small" outlined severity="secondary" label={t('cancel')} onClick={onHide} />
    </div>
  );
  return (
    <Dialog
      header={t(mode === 'create' ? 'addTitle' : 'editTitle', { title })}
      visible={visible}
      onHide={onHide}
      footer={footer}
      style={{ width: 'min(600px, 95vw)' }}
      className="resource-dialog"
      data-testid="resource-dialog"
      blockScroll
    >
      <form
        id="resource-form"
        className="resource-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {formFields(def, mode).filter(([name]) => !isVisible || isVisible(name, values, mode)).map(([name, f]) => {
          const id = `field-${name}`;
          const label = labelOf(name, f);
          const error = errors[name];
          const custom = renderers?.[name];
          return (
            <div key={name} className={`resource-form-row${error ? ' has-error' : ''}`}>
              <label htmlFor={id}>{label}</label>
              <div className="resource-form-control">
                {custom
                  ? custom({ name, value: values[name], onChange: (v) => onChange(name, v), invalid: !!error, mode, id, values })
                  : <FieldInput id={id} name={name} field={f} variant="form" value={values[name]} invalid={!!error} placeholder={t(f.dict || f.options ? 'choose' : 'placeholder', { field: label })} onChange={(v) => onChange(name, v)} />}
                <FieldHint name={name} field={f} value={values[name]} />
                {error ? <small className="p-error resource-form-error" data-testid={`error-${name}`}>{error}</small> : null}
              </div>
            </div>
          );
        })}
      </form>
    </Dialog>
  );
}
