import { useEffect, useRef, useState } from 'react';
import { RadioButton } from 'primereact/radiobutton';
import { useT } from '../../../lib/i18n/react.ts';
import catalogNs from '../../../lib/i18n/ns/catalog.ts';
import { catalogResource } from '../../../../shared/resources/cms/catalog.ts';
import { formInitial } from '../../../lib/resources/client.ts';
import { validateForm } from '../../../lib/resources/validate-form.ts';
import type { FieldErrors } from '../../../lib/forms/validate.ts';
import { namesProposer, showsField, withProposal } from '../../../lib/cms/catalog-form.ts';
import { CATALOG_SPELLING_DELAY_MS } from '../../../../shared/constants.ts';
import { ROOT_ID, type CatalogNode } from '../../../lib/cms/catalog-tree.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { addCatalog, proposeCatalogNames } from '../../../components/cms/catalog-api.ts';
import { CatalogField } from './CatalogField.tsx';

interface Props {
  /** the catalog chosen in the tree; null = the site (only the top level is offered) */
  parent: CatalogNode | null;
  /** the site's AddCatalog right: may add at the top level */
  canAddTop: boolean;
  onAdded(catalogId: number): void;
  onHide(): void;
}

const FIELDS = ['name', 'alias', 'path', 'catalogType', 'redirectUrl'] as const;

/**
 * Adds one catalog, under the chosen one or at the top level. While the alias and folder are
 * untouched they follow the name, as the server proposes them from its pinyin (ChestnutCMS's
 * spelling call: the parent's alias + '_' + pinyin, the parent's folder + pinyin + '/'), asked
 * once typing pauses; a field the user typed in stays as typed.
 */
export function AddCatalogDialog({ parent, canAddTop, onAdded, onHide }: Props) {
  const t = useT(catalogNs);
  const [under, setUnder] = useState<number>(parent && !parent.disabled ? parent.id : ROOT_ID);
  const [initial] = useState(() => formInitial(catalogResource, 'create'));
  const [values, setValues] = useState(initial);
  // The fields the user typed in: read when a proposal arrives, after the render that asked.
  const typed = useRef<Record<string, boolean>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [proposer] = useState(() =>
    namesProposer(proposeCatalogNames, (proposal) => {
      setValues((v) => withProposal(v, typed.current, proposal));
      // A field the proposal filled has no error of the user's any more.
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k === 'alias' || k === 'path') || typed.current[k])));
    }, CATALOG_SPELLING_DELAY_MS),
  );
  useEffect(() => proposer.cancel, [proposer]);

  const change = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    // Emptied, a field is the proposal's again.
    typed.current = { ...typed.current, [name]: String(value ?? '') !== '' };
    setErrors(({ [name]: _, ...rest }) => rest);
    if (name === 'name') proposer.request(under, String(value ?? ''));
  };
  const place = (id: number) => {
    setUnder(id);
    proposer.request(id, String(values.name ?? ''));
  };

  const submit = async () => {
    const body = { ...values, parentId: under };
    const found = validateForm(catalogResource, 'create', body);
    if (Object.keys(found).length) return setErrors(found);
    setSaving(true);
    try {
      onAdded((await addCatalog(body)).catalogId);
    } catch {
      setSaving(false);
    }
  };

  return (
    <FormDialog formId="catalog-add-form" header={t('add.title')} width="560px" className="resource-dialog" testId="catalog-add-dialog" saving={saving} dirty={FIELDS.some((n) => values[n] !== initial[n])} onSubmit={() => void submit()} onHide={onHide}>
      <FormRow id="catalog-add-under" label={t('add.under')} testKey="parentId">
        <div className="field-radios" role="radiogroup" id="catalog-add-under">
          {parent && !parent.disabled ? (
            <label className="field-radio">
              <RadioButton inputId="catalog-add-child" name="under" value={parent.id} checked={under === parent.id} onChange={() => place(parent.id)} />
              <span>{t('add.child', { name: parent.label })}</span>
            </label>
          ) : null}
          {canAddTop ? (
            <label className="field-radio">
              <RadioButton inputId="catalog-add-top" name="under" value={ROOT_ID} checked={under === ROOT_ID} onChange={() => place(ROOT_ID)} />
              <span>{t('add.top')}</span>
            </label>
          ) : null}
        </div>
      </FormRow>
      {FIELDS.filter((n) => showsField(n, values)).map((n) => (
        <CatalogField key={n} idPrefix="catalog-add-" name={n} value={values[n]} error={errors[n]} onChange={(v) => change(n, v)} />
      ))}
    </FormDialog>
  );
}
