import { useState } from 'react';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { useT } from '../../../lib/i18n/react.ts';
import catalogNs from '../../../lib/i18n/ns/catalog.ts';
import { ROOT_ID, type CatalogNode } from '../../../lib/cms/catalog-tree.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { batchAddCatalogs } from '../../../components/cms/catalog-api.ts';

interface Props {
  parent: CatalogNode | null;
  canAddTop: boolean;
  onAdded(count: number): void;
  onHide(): void;
}

/**
 * Batch add (spec §9): one name per line, two more spaces for each level down. The server checks
 * the whole text first and creates nothing when a line is wrong; its reason (naming the line)
 * shows under the text.
 */
export function BatchAddDialog({ parent, canAddTop, onAdded, onHide }: Props) {
  const t = useT(catalogNs);
  const [under, setUnder] = useState<number>(parent && !parent.disabled ? parent.id : ROOT_ID);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!text.trim()) return setError(t('batch.empty'));
    setSaving(true);
    try {
      onAdded((await batchAddCatalogs(under, text)).length);
    } catch (e) {
      setError((e as Error).message);
      setSaving(false);
    }
  };

  return (
    <FormDialog formId="catalog-batch-form" header={t('batch.title')} width="560px" className="resource-dialog" testId="catalog-batch-dialog" saving={saving} dirty={text.trim() !== ''} onSubmit={() => void submit()} onHide={onHide}>
      <FormRow id="catalog-batch-under" label={t('add.under')} testKey="parentId">
        <div className="field-radios" role="radiogroup" id="catalog-batch-under">
          {parent && !parent.disabled ? (
            <label className="field-radio">
              <RadioButton inputId="catalog-batch-child" name="under" value={parent.id} checked={under === parent.id} onChange={() => setUnder(parent.id)} />
              <span>{t('add.child', { name: parent.label })}</span>
            </label>
          ) : null}
          {canAddTop ? (
            <label className="field-radio">
              <RadioButton inputId="catalog-batch-top" name="under" value={ROOT_ID} checked={under === ROOT_ID} onChange={() => setUnder(ROOT_ID)} />
              <span>{t('add.top')}</span>
            </label>
          ) : null}
        </div>
      </FormRow>
      <FormRow id="catalog-batch-text" label={t('batch.names')} error={error} testKey="catalogs" hint={<small className="catalog-field-hint">{t('batch.hint')}</small>}>
        {(aria) => <InputTextarea
          id="catalog-batch-text"
          className={`catalog-batch-text${error ? ' p-invalid' : ''}`}
          {...aria}
          value={text}
          rows={12}
          autoResize={false}
          placeholder={t('batch.placeholder')}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
          }}
          // Tab indents by two spaces, the unit of a level, instead of leaving the field.
          onKeyDown={(e) => {
            if (e.key !== 'Tab' || e.shiftKey) return;
            e.preventDefault();
            const el = e.currentTarget;
            const at = el.selectionStart;
            const next = `${text.slice(0, at)}  ${text.slice(el.selectionEnd)}`;
            setText(next);
            requestAnimationFrame(() => el.setSelectionRange(at + 2, at + 2));
          }}
        />}
      </FormRow>
    </FormDialog>
  );
}
