import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputSwitch } from 'primereact/inputswitch';
import { Tag } from 'primereact/tag';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { validate, type FieldErrors } from '../../../lib/forms/validate.ts';
import { fieldOfMessage } from '../../../lib/forms/server-field.ts';
import { RequestError } from '../../../lib/request.ts';
import type { FieldDef } from '../../../../shared/resources/define.ts';
import { labelOf } from '../../../lib/resources/client.ts';
import { siteBasicFields, siteBasicShape, siteResource } from '../../../../shared/resources/cms/site.ts';
import { PREFIX_MODES, pipeBasicProps } from '../../../../shared/cms/pipe-props.ts';
import { ONE_IMAGE } from '../../../components/widgets/upload-rules.ts';
import { ImageUpload } from '../../../components/widgets/ImageUpload.tsx';
import { message } from '../../../stores/notify.ts';
import { sitesChanged } from '../../../stores/site.ts';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { FieldInput } from '../../resource/FieldInput.tsx';
import { saveSite, type PipeData, type PipeProps, type SiteDetail } from './site-api.ts';

type Values = Record<string, unknown>;

/** The site's own fields, in two sections; `path` is shown, never sent (it is set once). */
const SITE_FIELDS = ['name', 'path', 'domain', 'resourceUrl', 'logo', 'description', 'staticSuffix', 'sortFlag'] as const;
const SEO_FIELDS = ['seoTitle', 'seoKeywords', 'seoDescription'] as const;
const PIPE_KEYS = Object.keys(pipeBasicProps.shape) as (keyof typeof pipeBasicProps.shape)[];

/** Each pipe prop drawn as a field of the generic form (labels `fields:siteConfig.<key>`). */
const PIPE_FIELDS: Record<string, FieldDef> = {
  url: { kind: 'text', label: 'fields:siteConfig.url', placeholder: 'cms:site.placeholder.url' },
  prefixMode: { kind: 'text', label: 'fields:siteConfig.prefixMode', options: PREFIX_MODES.map((value) => ({ value, label: `cms:site.prefixMode.${value}` })) },
  relativePrefix: { kind: 'text', label: 'fields:siteConfig.relativePrefix' },
  indexTemplate: { kind: 'text', label: 'fields:siteConfig.indexTemplate', placeholder: 'cms:site.placeholder.template' },
  editorCss: { kind: 'text', label: 'fields:siteConfig.editorCss', hint: 'cms:site.hint.editorCss' },
  enableSitemap: { kind: 'text', label: 'fields:siteConfig.enableSitemap' },
  sitemapUrlLimit: { kind: 'number', label: 'fields:siteConfig.sitemapUrlLimit' },
};
/** Props that only matter under another's value. */
const pipeShown = (key: string, props: PipeProps) =>
  (key !== 'relativePrefix' || props.prefixMode === 'relative') && (key !== 'sitemapUrlLimit' || props.enableSitemap === 'Y');

const SITE_HINTS: Record<string, string> = {
  path: 'cms:site.hint.path',
  domain: 'cms:site.hint.domain',
  resourceUrl: 'cms:site.hint.resourceUrl',
  logo: 'cms:site.hint.logo',
  sortFlag: 'cms:site.hint.sortFlag',
};
const SITE_PLACEHOLDERS: Record<string, string> = { domain: 'cms:site.placeholder.domain', resourceUrl: 'cms:site.placeholder.resourceUrl' };

const pipeErrorKey = (code: string, key: string) => `pipe.${code}.${key}`;
const siteLabels = () => Object.fromEntries(SITE_FIELDS.concat(SEO_FIELDS as never).map((f) => [f, labelOf(f, siteResource.fields[f])]));

/** The form's values from the site's detail: blanks as '' (the checks take strings), the pipes' props by code. */
function formOf(site: SiteDetail): { values: Values; pipes: Record<string, PipeProps> } {
  const values: Values = Object.fromEntries(siteBasicFields.map((f) => [f, site[f] ?? '']));
  values.staticSuffix = site.staticSuffix || 'shtml';
  values.sortFlag = site.sortFlag ?? 0;
  const pipes = Object.fromEntries(site.publishPipeDatas.map((d) => [d.pipeCode, Object.fromEntries(PIPE_KEYS.map((k) => [k, d.props[k] ?? '']))]));
  return { values, pipes };
}

/** Local checks, as the server makes them: the site's fields, then each pipe's props. */
function check(values: Values, pipes: Record<string, PipeProps>): FieldErrors {
  const errors = validate(z.object(siteBasicShape), values, siteLabels());
  for (const [code, props] of Object.entries(pipes)) {
    const labels = Object.fromEntries(PIPE_KEYS.map((k) => [k, translate(PIPE_FIELDS[k]!.label!)]));
    for (const [key, text] of Object.entries(validate(pipeBasicProps, props, labels))) errors[pipeErrorKey(code, key)] = text;
  }
  return errors;
}

interface Props {
  site: SiteDetail;
  /** after a save: the site as stored now */
  onSaved(): Promise<void> | void;
  onDirty(dirty: boolean): void;
}

/**
 * The Basic tab (spec §2 site tabs): name, folder (set once), domain, resource domain, logo from the
 * site's own library, description, static file type, order and SEO fields, then each publish
 * pipe's props (address, link prefix, home template, editor stylesheet, sitemap). Checked here as
 * the server checks; a refusal the server names a field for goes under that field.
 */
export function BasicTab({ site, onSaved, onDirty }: Props) {
  useLocale();
  const perms = usePermissions();
  const canEdit = allows(perms, siteResource.perms.edit!);
  const start = useMemo(() => formOf(site), [site]);
  const [values, setValues] = useState<Values>(start.values);
  const [pipes, setPipes] = useState<Record<string, PipeProps>>(start.pipes);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setValues(start.values);
    setPipes(start.pipes);
    setErrors({});
  }, [start]);
  const dirty = JSON.stringify({ values, pipes }) !== JSON.stringify(start);
  useEffect(() => onDirty(dirty), [dirty]);

  const setValue = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const setPipe = (code: string, key: string, value: unknown) => {
    setPipes((p) => ({ ...p, [code]: { ...p[code], [key]: value } }));
    setErrors(({ [pipeErrorKey(code, key)]: _gone, ...rest }) => rest);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = check(values, pipes);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await saveSite({ siteId: site.siteId, ...values, publishPipeDatas: Object.entries(pipes).map(([pipeCode, props]) => ({ pipeCode, props })) });
      message.success(translate('cms:site.saved'));
      sitesChanged();
      await onSaved();
    } catch (err) {
      // The request layer has shown the server's message; one naming a field goes under it too.
      const field = err instanceof RequestError ? fieldOfMessage(err.message, siteLabels()) : undefined;
      if (field) setErrors((x) => ({ ...x, [field]: (err as Error).message }));
    } finally {
      setSaving(false);
    }
  }

  const siteRow = (name: string) => {
    const id = `site-${name}`;
    const field = siteResource.fields[name as keyof typeof siteResource.fields];
    const hint = SITE_HINTS[name] ? <small className="resource-form-hint">{translate(SITE_HINTS[name]!)}</small> : undefined;
    let control;
    if (name === 'path') control = <InputText id={id} value={site.path} disabled readOnly />;
    else if (name === 'logo') {
      control = (
        <ImageUpload id={id} value={String(values.logo ?? '')} onChange={(v) => setValue('logo', v)} limits={ONE_IMAGE} library siteId={site.siteId} />
      );
    } else {
      control = (
        <FieldInput id={id} name={name} field={field} variant="form" value={values[name]} invalid={!!errors[name]}
          placeholder={SITE_PLACEHOLDERS[name] ? translate(SITE_PLACEHOLDERS[name]!) : undefined} onChange={(v) => setValue(name, v)} />
      );
    }
    return (
      <FormRow key={name} id={id} label={labelOf(name, field)} error={errors[name]} testKey={name} hint={hint}>
        {control}
      </FormRow>
    );
  };

  const pipeRow = (pipe: PipeData, key: string) => {
    const props = pipes[pipe.pipeCode] ?? {};
    if (!pipeShown(key, props)) return null;
    const id = `pipe-${pipe.pipeCode}-${key}`;
    const field = PIPE_FIELDS[key]!;
    const error = errors[pipeErrorKey(pipe.pipeCode, key)];
    const hint = key === 'url'
      ? <small className="resource-form-hint">{translate('cms:site.hint.url', { path: site.path })}</small>
      : field.hint ? <small className="resource-form-hint">{translate(field.hint)}</small> : undefined;
    const control = key === 'enableSitemap'
      ? <InputSwitch inputId={id} checked={props.enableSitemap === 'Y'} onChange={(e) => setPipe(pipe.pipeCode, key, e.value ? 'Y' : 'N')} />
      : <FieldInput id={id} name={`${pipe.pipeCode}-${key}`} field={field} variant="form" value={props[key]} invalid={!!error}
          placeholder={field.placeholder ? translate(field.placeholder) : undefined} onChange={(v) => setPipe(pipe.pipeCode, key, v)} />;
    return (
      <FormRow key={key} id={id} label={translate(field.label!)} error={error} testKey={`${pipe.pipeCode}-${key}`} hint={hint}>
        {control}
      </FormRow>
    );
  };

  return (
    <form className="settings-form resource-form site-basic" onSubmit={(e) => void submit(e)} noValidate data-testid="site-basic">
      <h3 className="settings-section">{translate('cms:site.sections.site')}</h3>
      {SITE_FIELDS.map(siteRow)}
      <h3 className="settings-section">{translate('cms:site.sections.seo')}</h3>
      {SEO_FIELDS.map(siteRow)}
      <h3 className="settings-section">{translate('cms:site.sections.pipes')}</h3>
      {site.publishPipeDatas.length ? null : <p className="site-tab-note">{translate('cms:site.noPipes')}</p>}
      {site.publishPipeDatas.map((pipe) => (
        <fieldset key={pipe.pipeCode} className="site-pipe" data-testid={`site-pipe-${pipe.pipeCode}`}>
          <legend>
            {translate('cms:site.pipeTitle', { name: pipe.pipeName, code: pipe.pipeCode })}
            {pipe.enabled ? null : <Tag severity="warning" value={translate('cms:site.pipeDisabled')} className="site-pipe-tag" />}
          </legend>
          {PIPE_KEYS.map((key) => pipeRow(pipe, key))}
        </fieldset>
      ))}
      {canEdit ? (
        <div className="settings-actions">
          <Button type="submit" size="small" label={translate('cms:settings.save')} loading={saving} data-testid="site-basic-save" />
          <Button type="button" size="small" outlined severity="secondary" label={translate('cms:settings.reset')} disabled={saving || !dirty}
            onClick={() => { setValues(start.values); setPipes(start.pipes); setErrors({}); }} />
        </div>
      ) : null}
    </form>
  );
}
