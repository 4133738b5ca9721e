import { useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { translate } from '../../lib/i18n/i18n.ts';
import type { SiteConfigKey } from '../../../shared/cms/site-config.ts';
import { fileUrl } from '../../components/widgets/ImagePreview.tsx';
import { ResourcePicker } from '../../components/cms/ResourcePicker.tsx';
import { MultiSelectInput } from '../../components/widgets/MultiSelectInput.tsx';
import { useFieldAria } from '../../components/form/field-aria.ts';

interface Props {
  id: string;
  decl: SiteConfigKey;
  value: string;
  /** a secret is stored (password controls) */
  stored: boolean;
  /** the chosen library image's address (resource controls) */
  imageSrc: string | null;
  invalid: boolean;
  disabled: boolean;
  onChange(value: string, imageSrc?: string | null): void;
}

const optionLabel = (decl: SiteConfigKey, label: string) => (decl.literal ? label : translate(label));

/** The input of one setting, as its declaration says (values are strings, as stored); tied to its row's error and hint. */
export function SettingControl({ id, decl, value, stored, imageSrc, invalid, disabled, onChange }: Props) {
  const cls = invalid ? 'p-invalid' : undefined;
  const aria = useFieldAria(id, { 'aria-invalid': invalid || undefined });
  switch (decl.control) {
    case 'switch':
      return <InputSwitch inputId={id} {...aria} checked={value === 'Y'} disabled={disabled} onChange={(e) => onChange(e.value ? 'Y' : 'N')} />;
    case 'number':
      return (
        <InputNumber inputId={id} className={cls} {...aria} value={value === '' ? null : Number(value)} useGrouping={false} disabled={disabled}
          onValueChange={(e) => onChange(e.value === null || e.value === undefined ? '' : String(e.value))} />
      );
    case 'decimal':
      return (
        <InputNumber inputId={id} className={cls} {...aria} value={value === '' ? null : Number(value)} mode="decimal" minFractionDigits={0} maxFractionDigits={2} step={0.1} min={0} max={1} showButtons disabled={disabled}
          onValueChange={(e) => onChange(e.value === null || e.value === undefined ? '' : String(e.value))} />
      );
    case 'select':
      return (
        <Dropdown inputId={id} className={cls} {...aria} value={value} disabled={disabled}
          options={(decl.options ?? []).map((o) => ({ value: o.value, label: optionLabel(decl, o.label) }))} onChange={(e) => onChange(String(e.value))} />
      );
    case 'multiselect':
      return (
        <MultiSelectInput inputId={id} value={value ? value.split(',') : []} chips invalid={invalid} disabled={disabled}
          options={(decl.options ?? []).map((o) => ({ value: o.value, label: optionLabel(decl, o.label) }))} onChange={(values) => onChange(values.join(','))} />
      );
    case 'textarea':
      return <InputTextarea id={id} className={cls} {...aria} value={value} rows={3} disabled={disabled} onChange={(e) => onChange(e.target.value)} />;
    case 'password':
      return (
        <InputText id={id} type="password" autoComplete="new-password" className={cls} {...aria} value={value} disabled={disabled}
          placeholder={translate(stored ? 'cms:settings.secretKept' : 'cms:settings.secretNone')} onChange={(e) => onChange(e.target.value)} />
      );
    case 'resource':
      return <LibraryImageField id={id} value={value} src={imageSrc} disabled={disabled} onChange={onChange} />;
    default:
      return <InputText id={id} className={cls} {...aria} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />;
  }
}

/** An image of the site's library, held by its id: its thumbnail, Choose (the picker) and Clear. */
function LibraryImageField({ id, value, src, disabled, onChange }: { id: string; value: string; src: string | null; disabled: boolean; onChange: Props['onChange'] }) {
  const [picking, setPicking] = useState(false);
  return (
    <div className="library-field" id={id}>
      <span className="library-field-face">{value && src ? <img src={fileUrl(src)} alt="" /> : <i className="pi pi-image" aria-hidden="true" />}</span>
      <Button type="button" size="small" outlined icon="pi pi-images" label={translate('cms:settings.chooseImage')} disabled={disabled} onClick={() => setPicking(true)} />
      {value ? <Button type="button" size="small" text severity="secondary" label={translate('cms:settings.clear')} disabled={disabled} onClick={() => onChange('', null)} /> : null}
      {picking ? (
        <ResourcePicker type="image" onHide={() => setPicking(false)} onPick={(item) => { setPicking(false); onChange(String(item.resourceId), item.thumbSrc ?? item.src); }} />
      ) : null}
    </div>
  );
}
