import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { SkeletonBar } from '../../../components/widgets/SkeletonBar.tsx';
import { Tag } from 'primereact/tag';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { validate, type FieldErrors } from '../../../lib/forms/validate.ts';
import { pipeTemplateProps } from '../../../../shared/cms/pipe-props.ts';
import { message } from '../../../stores/notify.ts';
import { fetchDefaultTemplates, installDefaultTheme, saveDefaultTemplates, type PipeData, type PipeProps } from './site-api.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { ApplyTemplateDialog } from './ApplyTemplateDialog.tsx';
import '../../../components/form/form.css';

/** The list template, then a detail template per content type (`fields:siteConfig.<key>` labels them). */
const KEYS = Object.keys(pipeTemplateProps.shape);
const labelOf = (key: string) => translate(`fields:siteConfig.${key}`);
const errorKey = (code: string, key: string) => `${code}.${key}`;

interface Props {
  siteId: number;
  onDirty(dirty: boolean): void;
}

/**
 * The Default Template tab (spec §2): per publish pipe, the template of catalog lists and the
 * detail template of each content type, which catalogs and contents use unless they name their
 * own; "Apply to catalogs" writes the saved ones onto chosen catalogs; "Install the default theme"
 * writes the shipped theme into the site's pipes and points these templates at it.
 */
export function DefaultTemplateTab({ siteId, onDirty }: Props) {
  useLocale();
  const perms = usePermissions();
  const canEdit = allows(perms, 'cms:site:edit');
  const [pipes, setPipes] = useState<PipeData[] | null>(null);
  const [values, setValues] = useState<Record<string, PipeProps>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [applying, setApplying] = useState(false);

  const stored = useMemo(() => Object.fromEntries((pipes ?? []).map((p) => [p.pipeCode, Object.fromEntries(KEYS.map((k) => [k, String(p.props[k] ?? '')]))])), [pipes]);
  const load = () =>
    fetchDefaultTemplates(siteId)
      .then((d) => {
        setPipes(d.publishPipeProps);
        setErrors({});
      })
      .catch(() => undefined);
  useEffect(() => {
    void load();
  }, [siteId]);
  useEffect(() => setValues(stored), [stored]);
  const dirty = !!pipes && JSON.stringify(values) !== JSON.stringify(stored);
  useEffect(() => onDirty(dirty), [dirty]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const labels = Object.fromEntries(KEYS.map((k) => [k, labelOf(k)]));
    const found: FieldErrors = {};
    for (const [code, props] of Object.entries(values)) {
      for (const [key, text] of Object.entries(validate(pipeTemplateProps, props, labels))) found[errorKey(code, key)] = text;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await saveDefaultTemplates(siteId, Object.entries(values).map(([pipeCode, props]) => ({ pipeCode, props })));
      message.success(translate('cms:site.templates.saved'));
      await load();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  }

  // The shipped theme onto this site: a new site has it already; an existing one takes it here.
  async function installTheme() {
    if (!(await askToConfirm(translate('cms:site.templates.installThemeConfirm')))) return;
    setSaving(true);
    try {
      const r = await installDefaultTheme(siteId);
      message.success(translate('cms:site.templates.themeInstalled', { count: r.written }));
      await load();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  }

  if (!pipes) return <div className="settings-form"><SkeletonBar height="2.4rem" className="mb-2" /><SkeletonBar height="12rem" /></div>;
  if (!pipes.length) return <p className="site-tab-note">{translate('cms:site.noPipes')}</p>;
  // The apply dialog sits outside the form: its own form's submit must not bubble (through the portal) into this one.
  return (
    <>
    <form className="site-templates" onSubmit={(e) => void submit(e)} noValidate data-testid="site-templates">
      <p className="site-tab-note">{translate('cms:site.templates.intro')}</p>
      <div className="site-templates-scroll">
        <table className="site-templates-table">
          <thead>
            <tr>
              <th scope="col">{translate('cms:site.templates.template')}</th>
              {pipes.map((p) => (
                <th key={p.pipeCode} scope="col">
                  {translate('cms:site.pipeTitle', { name: p.pipeName, code: p.pipeCode })}
                  {p.enabled ? null : <Tag severity="warning" value={translate('cms:site.pipeDisabled')} className="site-pipe-tag" />}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {KEYS.map((key) => (
              <tr key={key}>
                <th scope="row"><label htmlFor={`tpl-${pipes[0]!.pipeCode}-${key}`}>{labelOf(key)}</label></th>
                {pipes.map((p) => {
                  const id = `tpl-${p.pipeCode}-${key}`;
                  const error = errors[errorKey(p.pipeCode, key)];
                  return (
                    <td key={p.pipeCode}>
                      <InputText id={id} value={String(values[p.pipeCode]?.[key] ?? '')} className={error ? 'p-invalid' : undefined} disabled={!canEdit}
                        aria-label={`${labelOf(key)} · ${p.pipeName}`}
                        onChange={(e) => {
                          const value = e.target.value;
                          setValues((v) => ({ ...v, [p.pipeCode]: { ...v[p.pipeCode], [key]: value } }));
                          setErrors(({ [errorKey(p.pipeCode, key)]: _gone, ...rest }) => rest);
                        }} />
                      {error ? <small className="p-error resource-form-error" data-testid={`error-${p.pipeCode}-${key}`}>{error}</small> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canEdit ? (
        <div className="site-templates-actions">
          <Button type="submit" size="small" label={translate('cms:settings.save')} loading={saving} data-testid="site-templates-save" />
          <Button type="button" size="small" outlined severity="secondary" label={translate('cms:settings.reset')} disabled={saving || !dirty} onClick={() => { setValues(stored); setErrors({}); }} />
          <Button type="button" size="small" outlined severity="help" icon="pi pi-sitemap" label={translate('cms:site.templates.apply')} disabled={saving || dirty}
            onClick={() => setApplying(true)} data-testid="site-templates-apply" />
          {allows(perms, 'cms:template:edit') ? (
            <Button type="button" size="small" outlined severity="secondary" icon="pi pi-palette" label={translate('cms:site.templates.installTheme')} disabled={saving || dirty}
              onClick={() => void installTheme()} data-testid="site-templates-theme" />
          ) : null}
          {dirty ? <small className="site-templates-hint">{translate('cms:site.templates.saveFirst')}</small> : null}
        </div>
      ) : null}
    </form>
    {applying ? <ApplyTemplateDialog siteId={siteId} pipes={pipes} onHide={() => setApplying(false)} /> : null}
    </>
  );
}
