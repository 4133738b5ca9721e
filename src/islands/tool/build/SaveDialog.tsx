import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useLocale, useT } from '../../../lib/i18n/react.ts';
import fb from '../../../lib/i18n/ns/formBuilder.ts';
import { SelectInput } from '../../../components/widgets/SelectInput.tsx';
import { Field, fieldIds } from '../../cms/editor/Field.tsx';
import { XMODEL_CONTENT_TYPES, XMODEL_TARGETS } from '../../../../shared/cms/xmodel.ts';
import { contentTypeLabel, targetLabel } from './labels.ts';

export type SaveAs = 'model' | 'form';
export interface SaveAsValues {
  name: string;
  code: string;
  bindTo: string;
  contentType: string;
}

interface Props {
  as: SaveAs | null;
  initial: Partial<SaveAsValues>;
  /** the server's refusal, under the property it names (`code`, `name`, `bindTo`) or above the buttons */
  errors: Record<string, string>;
  busy: boolean;
  onSave(values: SaveAsValues): void;
  onClose(): void;
}

/**
 * Saving a design as something new: a model (its name, code, what it extends and, for contents,
 * the content type) or a custom form (its name and code; its model is made with it).
 */
export function SaveDialog({ as, initial, errors, busy, onSave, onClose }: Props) {
  const t = useT(fb);
  const lng = useLocale();
  const [v, setV] = useState<SaveAsValues>({ name: '', code: '', bindTo: 'form', contentType: '' });
  useEffect(() => {
    if (as) setV({ name: initial.name ?? '', code: initial.code ?? '', bindTo: initial.bindTo ?? 'form', contentType: initial.contentType ?? '' });
    // Filled once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [as]);
  const set = (k: keyof SaveAsValues, value: string) => setV((old) => ({ ...old, [k]: value }));
  const footer = (
    <div className="fb-dialog-actions">
      <Button type="button" label={t('dialog.cancel')} outlined onClick={onClose} />
      <Button type="submit" form="fb-save-as" label={t('dialog.save')} loading={busy} data-testid="fb-save-as-submit" />
    </div>
  );
  const general = Object.entries(errors).filter(([k]) => !['name', 'code', 'bindTo', 'contentType'].includes(k)).map(([, m]) => m);
  return (
    <Dialog visible={!!as} header={as === 'form' ? t('dialog.form') : t('dialog.model')} onHide={onClose} footer={footer} style={{ width: 'min(32rem, 95vw)' }} data-testid="fb-save-as">
      <form id="fb-save-as" className="fb-dialog-form" onSubmit={(e) => { e.preventDefault(); onSave(v); }}>
        <Field name="fb-as-name" label={t('dialog.name')} error={errors.name}>
          <InputText id={fieldIds('fb-as-name').control} value={v.name} onChange={(e) => set('name', e.target.value)} autoFocus />
        </Field>
        <Field name="fb-as-code" label={t('dialog.code')} error={errors.code}>
          <InputText id={fieldIds('fb-as-code').control} value={v.code} onChange={(e) => set('code', e.target.value)} />
        </Field>
        {as === 'model' ? (
          <Field name="fb-as-bindTo" label={t('dialog.bindTo')} error={errors.bindTo}>
            <SelectInput inputId={fieldIds('fb-as-bindTo').control} value={v.bindTo} options={XMODEL_TARGETS.map((b) => ({ value: b, label: targetLabel(b, lng) }))} onChange={(x) => x && set('bindTo', String(x))} />
          </Field>
        ) : null}
        {as === 'model' && v.bindTo === 'content' ? (
          <Field name="fb-as-contentType" label={t('dialog.contentType')} error={errors.contentType}>
            <SelectInput inputId={fieldIds('fb-as-contentType').control} value={v.contentType} options={['', ...XMODEL_CONTENT_TYPES].map((c) => ({ value: c, label: contentTypeLabel(c, lng) }))} onChange={(x) => set('contentType', String(x ?? ''))} />
          </Field>
        ) : null}
        {general.map((m) => <p key={m} className="p-error" role="alert">{m}</p>)}
      </form>
    </Dialog>
  );
}
