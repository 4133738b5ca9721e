import { useEffect, useState } from 'react';
import { TabView, TabPanel } from 'primereact/tabview';
import { ExtendPanel } from '../xmodel/ExtendPanel.tsx';
import { ReviewBindingPanel } from '../../workflow/ReviewBindingPanel.tsx';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { SkeletonBar } from '../../../components/widgets/SkeletonBar.tsx';
import { useT } from '../../../lib/i18n/react.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import catalogNs from '../../../lib/i18n/ns/catalog.ts';
import { catalogResource } from '../../../../shared/resources/cms/catalog.ts';
import { validateForm } from '../../../lib/resources/validate-form.ts';
import { validate, type FieldErrors } from '../../../lib/forms/validate.ts';
import { catalogTemplateProps } from '../../../../shared/cms/pipe-props.ts';
import { BASIC_FIELDS, EXTEND_FIELDS, formOf, saveBody, showsField, TEMPLATE_KEYS, type CatalogForm } from '../../../lib/cms/catalog-form.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { applyDefaultTemplate, fetchCatalog, saveCatalog, type CatalogDetail as Detail } from '../../../components/cms/catalog-api.ts';
import { CatalogField } from './CatalogField.tsx';

interface Props {
  catalogId: number;
  /** bumped by the screen when the catalog changed elsewhere (shown, hidden, moved) */
  version: number;
  canEdit: boolean;
  canApplyTemplate: boolean;
  /** after a save that changes what the tree shows */
  onSaved(): void;
}

const templateLabel = (key: string) => translate([`fields:catalog.${key}`, `fields:siteConfig.${key}`]);

/** The selected catalog's tabs Basic and Extend (spec §2, §3 Catalog), saved together. */
export function CatalogDetail({ catalogId, version, canEdit, canApplyTemplate, onSaved }: Props) {
  const t = useT(catalogNs);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [saved, setSaved] = useState<CatalogForm | null>(null);
  const [form, setForm] = useState<CatalogForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState(0);
  const [saving, setSaving] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    setDetail(null);
    fetchCatalog(catalogId)
      .then((d) => {
        if (!live) return;
        setDetail(d);
        setSaved(formOf(d));
        setForm(formOf(d));
        setErrors({});
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [catalogId, version, reloads]);

  if (!detail || !form || !saved) {
    return (
      <div className="catalog-detail" aria-busy="true">
        <SkeletonBar height="2.5rem" className="mb-2" />
        <SkeletonBar height="16rem" />
      </div>
    );
  }

  const setValue = (name: string, value: unknown) => {
    setForm({ ...form, values: { ...form.values, [name]: value } });
    setErrors(({ [name]: _, ...rest }) => rest);
  };
  const setTemplate = (pipe: string, key: string, value: string) => {
    setForm({ ...form, templates: { ...form.templates, [pipe]: { ...form.templates[pipe], [key]: value } } });
    setErrors(({ [`${pipe}.${key}`]: _, ...rest }) => rest);
  };
  const dirty = saveBody(saved, form) !== null;

  const check = (): FieldErrors => {
    const found = validateForm(catalogResource, 'update', form.values);
    for (const [pipe, props] of Object.entries(form.templates)) {
      for (const [key, text] of Object.entries(validate(catalogTemplateProps, props, Object.fromEntries(TEMPLATE_KEYS.map((k) => [k, templateLabel(k)]))))) found[`${pipe}.${key}`] = text;
    }
    return found;
  };

  const save = async () => {
    const found = check();
    if (Object.keys(found).length) {
      setErrors(found);
      // Show the tab holding the first problem.
      const first = Object.keys(found)[0]!;
      setTab((BASIC_FIELDS as readonly string[]).includes(first) ? 0 : 1);
      return;
    }
    const body = saveBody(saved, form);
    if (!body) return;
    setSaving(true);
    try {
      await saveCatalog(body);
      message.success(t('saved'));
      setReloads((n) => n + 1);
      onSaved();
    } catch {
      // The request layer showed the server's reason (a taken alias or folder names the field).
    } finally {
      setSaving(false);
    }
  };

  const applyTemplates = async () => {
    if (!(await askToConfirm(t('confirmTemplate', { name: detail.name }), 'info'))) return;
    await applyDefaultTemplate([catalogId]).then(() => {
      message.success(t('templateApplied'));
      setReloads((n) => n + 1);
    }).catch(() => undefined);
  };

  const fields = (names: readonly string[]) =>
    names.filter((n) => showsField(n, form.values)).map((n) => <CatalogField key={n} name={n} value={form.values[n]} error={errors[n]} onChange={(v) => setValue(n, v)} />);

  return (
    <div className="catalog-detail" data-testid="catalog-detail">
      <fieldset className="catalog-detail-fields" disabled={!canEdit}>
        <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)}>
          <TabPanel header={t('tabs.basic')}>
            <div className="resource-form catalog-form" data-testid="catalog-basic">
              <FormRow id="catalog-parent" label={translate('fields:catalog.parentId')} testKey="parentId">
                <span className="catalog-readonly">{detail.parentName}</span>
              </FormRow>
              {fields(BASIC_FIELDS)}
            </div>
          </TabPanel>
          <TabPanel header={t('tabs.extend')}>
            <div className="resource-form catalog-form" data-testid="catalog-extend">
              {fields(EXTEND_FIELDS)}
              <div className="catalog-templates">
                <div className="catalog-templates-head">
                  <h3>{t('templates.title')}</h3>
                  {canApplyTemplate ? <Button type="button" size="small" outlined icon="pi pi-copy" label={t('toolbar.applyTemplate')} onClick={() => void applyTemplates()} data-testid="catalog-apply-template" /> : null}
                </div>
                <p className="catalog-field-hint">{t('templates.hint')}</p>
                {detail.publishPipeDatas.length === 0 ? <p className="catalog-field-hint">{t('templates.noPipes')}</p> : null}
                {detail.publishPipeDatas.map((pipe) => (
                  <fieldset key={pipe.pipeCode} className="resource-form-group catalog-pipe">
                    <legend>
                      {pipe.pipeName} <span className="catalog-pipe-code">({pipe.pipeCode})</span>
                      {pipe.enabled ? null : <span className="catalog-pipe-off">{t('templates.disabled')}</span>}
                    </legend>
                    {TEMPLATE_KEYS.map((key) => {
                      const id = `catalog-tpl-${pipe.pipeCode}-${key}`;
                      const error = errors[`${pipe.pipeCode}.${key}`];
                      return (
                        <FormRow key={key} id={id} label={templateLabel(key)} error={error} testKey={`${pipe.pipeCode}.${key}`}>
                          {(aria) => <InputText id={id} value={form.templates[pipe.pipeCode]?.[key] ?? ''} placeholder={t('templates.siteDefault')} className={error ? 'p-invalid' : undefined} {...aria} onChange={(e) => setTemplate(pipe.pipeCode, key, e.target.value)} />}
                        </FormRow>
                      );
                    })}
                  </fieldset>
                ))}
              </div>
              <ExtendPanel target={{ bindTo: 'catalog', id: catalogId }} canEdit={canEdit} />
              <ReviewBindingPanel target={{ kind: 'catalog', catalogId }} canEdit={canEdit} />
            </div>
          </TabPanel>
        </TabView>
      </fieldset>
      {canEdit ? (
        <div className="catalog-detail-actions">
          <Button type="button" size="small" icon="pi pi-check" label={t('save')} loading={saving} disabled={!dirty} onClick={() => void save()} data-testid="catalog-save" />
          <Button type="button" size="small" outlined severity="secondary" label={t('undo')} disabled={!dirty || saving} onClick={() => { setForm(saved); setErrors({}); }} />
        </div>
      ) : null}
    </div>
  );
}
