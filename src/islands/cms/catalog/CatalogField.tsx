import type { ReactNode } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import { InputNumber } from 'primereact/inputnumber';
import { catalogResource } from '../../../../shared/resources/cms/catalog.ts';
import { labelOf } from '../../../lib/resources/client.ts';
import { FLAG_FIELDS } from '../../../lib/cms/catalog-form.ts';
import { useT } from '../../../lib/i18n/react.ts';
import catalogNs from '../../../lib/i18n/ns/catalog.ts';
// The catalog types' labels (cms:catalog.types.*) live in the cms namespace.
import '../../../lib/i18n/ns/cms.ts';
import { FieldInput } from '../../resource/FieldInput.tsx';
import { FormRow } from '../../../components/form/FormRow.tsx';
import type { FieldAria } from '../../../lib/forms/field-aria.ts';
import { ImageUpload } from '../../../components/widgets/ImageUpload.tsx';
import { ONE_IMAGE } from '../../../components/widgets/upload-rules.ts';


interface Props {
  /** the input's id is this + the field's name: the add dialog's fields must not share the tabs' ids */
  idPrefix?: string;
  name: string;
  value: unknown;
  error?: string;
  onChange(value: unknown): void;
}

/** One field of the catalog form, labelled and checked by the catalog definition; switches for Y/N flags, the library for the logo. */
export function CatalogField({ idPrefix = 'catalog-', name, value, error, onChange }: Props) {
  const t = useT(catalogNs);
  const field = catalogResource.fields[name as keyof typeof catalogResource.fields];
  const id = `${idPrefix}${name}`;
  const label = labelOf(name, field);
  const hint = name === 'pageSize' ? <small className="catalog-field-hint">{t('hints.pageSize')}</small> : name === 'path' ? <small className="catalog-field-hint">{t('hints.path')}</small> : null;
  // The row says it of its switches and page size too (FieldInput asks the row itself).
  let control: (aria: FieldAria) => ReactNode;
  if (FLAG_FIELDS.includes(name)) {
    control = (aria) => <InputSwitch inputId={id} {...aria} checked={value === 'Y'} onChange={(e) => onChange(e.value ? 'Y' : 'N')} />;
  } else if (name === 'logo') {
    control = () => <ImageUpload id={id} value={String(value ?? '')} onChange={onChange} limits={ONE_IMAGE} library />;
  } else if (name === 'pageSize') {
    // -1 = the site's page size (spec §9), so the usual minimum of 0 does not apply.
    control = (aria) => <InputNumber inputId={id} {...aria} value={value === '' || value === null ? null : Number(value)} min={-1} max={500} useGrouping={false} className={`catalog-page-size${error ? ' p-invalid' : ''}`} onValueChange={(e) => onChange(e.value ?? -1)} />;
  } else {
    control = () => <FieldInput id={id} name={name} field={field} variant="form" value={value} invalid={!!error} placeholder={label} onChange={onChange} />;
  }
  return (
    <FormRow id={id} label={label} error={error} testKey={name} hint={hint}>
      {control}
    </FormRow>
  );
}
