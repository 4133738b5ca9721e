import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { SkeletonBar } from '../../components/widgets/SkeletonBar.tsx';
import { translate } from '../../lib/i18n/i18n.ts';
import { allows, usePermissions } from '../../stores/permission-gate.ts';
import { checkGroup, configKeysOf, SITE_CONFIG, withDefaults, type SiteConfigGroup, type SiteConfigKey } from '../../../shared/cms/site-config.ts';
import { issueText, type FieldErrors } from '../../lib/forms/validate.ts';
import { toFieldIssues } from '../../../shared/validators/issues.ts';
import { message } from '../../stores/notify.ts';
import { RequestError } from '../../lib/request.ts';
import { fieldOfMessage } from '../../lib/forms/server-field.ts';
import { FormRow } from '../../components/form/FormRow.tsx';
import { SettingControl } from './SettingControl.tsx';
import { fetchGroup, saveGroup, type GroupValues } from './settings-api.ts';

/** Section headings of the storage tab, by the first key of each section. */
const SECTIONS: Record<string, string> = {
  FileStorageType: 'cms:settings.sections.storage',
  ThumbnailWidth: 'cms:settings.sections.thumbnails',
  ImageUploadTypes: 'cms:settings.sections.limits',
};

const labelOf = (key: string) => translate(`fields:siteConfig.${key}`);
const shown = (decl: SiteConfigKey, values: Record<string, string>) => !decl.offScreen && (!decl.when || decl.when.values.includes(values[decl.when.key] ?? ''));

/** Each shown key's own check, then the group's rules across keys; the first message per key. */
function validateGroup(group: SiteConfigGroup, values: Record<string, string>, stored: Record<string, boolean>): FieldErrors {
  const errors: FieldErrors = {};
  const labels = Object.fromEntries(configKeysOf(group).map((k) => [k, labelOf(k)]));
  for (const key of configKeysOf(group)) {
    const decl = SITE_CONFIG[key]!;
    if (!shown(decl, values)) continue;
    const r = decl.input.safeParse(values[key] ?? '');
    if (!r.success) errors[key] = issueText({ ...toFieldIssues(r.error)[0]!, field: key }, labels);
  }
  // A stored secret counts as given.
  const effective = { ...values, ...Object.fromEntries(Object.entries(stored).filter(([, has]) => has).map(([k]) => [k, values[k] || 'stored'])) };
  for (const issue of checkGroup(group, withDefaults(effective, group))) errors[issue.field] ??= issueText(issue, labels);
  return errors;
}

/** Where a tab's values come from and go to: the current site's settings unless a screen says otherwise. */
export interface SettingsSource {
  fetch(): Promise<GroupValues>;
  save(values: Record<string, string>): Promise<unknown>;
  /** the permission key that may save */
  editPerm: string;
}
const settingsOf = (group: SiteConfigGroup): SettingsSource => ({ fetch: () => fetchGroup(group), save: (values) => saveGroup(group, values), editPerm: 'cms:setting:edit' });

interface Props {
  group: SiteConfigGroup;
  /** e.g. a site's Extend tab: that site's config, saved with Site Edit */
  source?: SettingsSource;
  /** told whether the form holds changes not saved (a page that asks before they are lost) */
  onDirty?(dirty: boolean): void;
  /** the level of its section headings: 2 on a page of its own (under the h1), 3 under a heading of the page's (a site's name) */
  headingLevel?: 2 | 3;
}

/**
 * One tab of the CMS settings: its keys as the declarations say (S3 fields only under an S3
 * storage), checked here as the server checks them, saved together. Secrets show whether one is
 * stored; left empty, the stored one stays.
 */
export function SettingsTab({ group, source: given, onDirty, headingLevel = 2 }: Props) {
  const Section = headingLevel === 3 ? 'h3' : 'h2';
  const source = useMemo(() => given ?? settingsOf(group), [given, group]);
  const perms = usePermissions();
  const canEdit = allows(perms, source.editPerm);
  const [loaded, setLoaded] = useState<GroupValues | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [imageSrc, setImageSrc] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const keys = useMemo(() => configKeysOf(group), [group]);

  const load = () =>
    source.fetch()
      .then((g) => {
        setLoaded(g);
        setValues(Object.fromEntries(keys.map((k) => [k, typeof g[k] === 'string' ? (g[k] as string) : ''])));
        setImageSrc(typeof g.WatermarkImageSrc === 'string' ? g.WatermarkImageSrc : null);
        setErrors({});
      })
      .catch(() => undefined);
  useEffect(() => {
    void load();
  }, [source]);

  const initial = useMemo(() => JSON.stringify(Object.fromEntries(keys.map((k) => [k, typeof loaded?.[k] === 'string' ? loaded[k] : '']))), [loaded, keys]);
  const dirty = !!loaded && JSON.stringify(values) !== initial;
  useEffect(() => onDirty?.(dirty), [dirty]);

  const stored = Object.fromEntries(keys.filter((k) => SITE_CONFIG[k]!.control === 'password').map((k) => [k, loaded?.[`has${k}`] === true]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateGroup(group, values, stored);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await source.save(values);
      message.success(translate('cms:settings.saved'));
      if (group === 'storage' && loaded?.FileStorageType !== values.FileStorageType) {
        message.info(translate('cms:settings.switchedStorage', { storage: translate(`cms:settings.storageType.${values.FileStorageType}`) }));
      }
      await load();
    } catch (err) {
      // The request layer has shown the server's message; it names the field, under which it goes too.
      const field = err instanceof RequestError ? fieldOfMessage(err.message, Object.fromEntries(keys.map((k) => [k, labelOf(k)]))) : undefined;
      if (field) setErrors((e) => ({ ...e, [field]: (err as Error).message }));
    } finally {
      setSaving(false);
    }
  }

  if (!loaded) return <div className="settings-form"><SkeletonBar height="2.4rem" className="mb-2" /><SkeletonBar height="2.4rem" className="mb-2" /><SkeletonBar height="2.4rem" /></div>;
  return (
    <form className="settings-form resource-form" onSubmit={(e) => void submit(e)} noValidate data-testid={`settings-${group}`}>
      {keys.filter((k) => shown(SITE_CONFIG[k]!, values)).map((key) => {
        const decl = SITE_CONFIG[key]!;
        const id = `setting-${key}`;
        return (
          <div key={key} className="settings-item">
            {SECTIONS[key] ? <Section className="settings-section">{translate(SECTIONS[key]!)}</Section> : null}
            <FormRow id={id} label={labelOf(key)} error={errors[key]} testKey={key} hint={decl.hint ? <small className="resource-form-hint">{translate(decl.hint)}</small> : undefined}>
              <SettingControl
                id={id} decl={decl} value={values[key] ?? ''} stored={stored[key] ?? false} imageSrc={imageSrc} invalid={!!errors[key]} disabled={!canEdit || saving}
                onChange={(value, src) => {
                  setValues((v) => ({ ...v, [key]: value }));
                  if (src !== undefined) setImageSrc(src);
                  setErrors(({ [key]: _gone, ...rest }) => rest);
                }}
              />
            </FormRow>
          </div>
        );
      })}
      {canEdit ? (
        <div className="settings-actions">
          <Button type="submit" size="small" label={translate('cms:settings.save')} loading={saving} data-testid={`settings-save-${group}`} />
          <Button type="button" size="small" outlined severity="secondary" label={translate('cms:settings.reset')} disabled={saving} onClick={() => void load()} />
        </div>
      ) : null}
    </form>
  );
}
