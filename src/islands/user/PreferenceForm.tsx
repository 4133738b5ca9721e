import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import '../../components/widgets/prime-provider.ts'; // PrimeReact's accessible pass-through, before it renders
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { InputSwitch } from 'primereact/inputswitch';
import { Button } from 'primereact/button';
import { SkeletonBar } from '../../components/widgets/SkeletonBar.tsx';
import { useT } from '../../lib/i18n/react.ts';
import user from '../../lib/i18n/ns/user.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import fields from '../../lib/i18n/ns/fields.ts';
import { PAGE_SIZES } from '../../../shared/constants.ts';
import { CATALOG_TREE_EXPAND_MODES, CONTENT_EDITOR_OPEN_MODES, DEFAULT_PREFERENCES, STAT_GRANULARITIES, type Preferences } from '../../../shared/preferences.ts';
import { message } from '../../stores/notify.ts';
import { fetchPreferences, savePreferences } from './api.ts';
import { rememberPreferences } from '../../stores/preferences.ts';


const EDITOR_MODE_LABEL = { tab: 'preference.editorTab', window: 'preference.editorWindow' } as const;
const EXPAND_MODE_LABEL = { normal: 'preference.expandNormal', accordion: 'preference.expandAccordion' } as const;

/** /user/preference: the user's own settings (GET/PUT /system/user/preference). */
export default function PreferenceForm() {
  const t = useT(user);
  const f = useT(fields);
  const ts = useT(shell);
  const [saved, setSaved] = useState<Preferences | null>(null);
  const [values, setValues] = useState<Preferences>(DEFAULT_PREFERENCES);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchPreferences()
      .then((p) => {
        setSaved(p);
        setValues(p);
      })
      .catch(() => {});
  }, []);

  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) => setValues((s) => ({ ...s, [key]: value }));
  const dirty = saved !== null && JSON.stringify(saved) !== JSON.stringify(values);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const next = await savePreferences(values);
      rememberPreferences(next);
      setSaved(next);
      setValues(next);
      message.success(t('preference.saved'));
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  const editorModes = CONTENT_EDITOR_OPEN_MODES.map((m) => ({ label: t(EDITOR_MODE_LABEL[m]), value: m }));
  const expandModes = CATALOG_TREE_EXPAND_MODES.map((m) => ({ label: t(EXPAND_MODE_LABEL[m]), value: m }));
  const granularities = STAT_GRANULARITIES.map((g) => ({ label: t(`preference.${g}`), value: g }));

  return (
    <form className="account-card preference-form" onSubmit={(e) => void submit(e)} noValidate data-testid="preference-form" aria-busy={!saved}>
      <h2 className="account-card-title">{ts('header.preference')}</h2>
      <p className="preference-intro">{t('preference.intro')}</p>

      <Group title={t('preference.lists')}>
        <Row id="pref-pageSize" label={f('pageSize')} hint={t('preference.pageSizeHint')} loading={!saved}>
          <Dropdown
            inputId="pref-pageSize"
            value={values.pageSize}
            options={PAGE_SIZES.map((n) => ({ label: t('preference.rows', { n }), value: n }))}
            onChange={(e) => set('pageSize', e.value as number)}
            className="preference-dropdown"
          />
        </Row>
        <Row id="pref-openLinksInNewTab" label={f('openLinksInNewTab')} hint={t('preference.openLinksInNewTabHint')} loading={!saved}>
          <InputSwitch inputId="pref-openLinksInNewTab" checked={values.openLinksInNewTab} onChange={(e) => set('openLinksInNewTab', !!e.value)} />
        </Row>
      </Group>

      <Group title={t('preference.content')}>
        <Row id="pref-contentEditorOpenMode" label={f('contentEditorOpenMode')} loading={!saved}>
          <SelectButton id="pref-contentEditorOpenMode" value={values.contentEditorOpenMode} options={editorModes} allowEmpty={false} onChange={(e) => e.value && set('contentEditorOpenMode', e.value)} />
        </Row>
        <Row id="pref-includeChildContent" label={f('includeChildContent')} hint={t('preference.includeChildContentHint')} loading={!saved}>
          <InputSwitch inputId="pref-includeChildContent" checked={values.includeChildContent} onChange={(e) => set('includeChildContent', !!e.value)} />
        </Row>
        <Row id="pref-showContentSubTitle" label={f('showContentSubTitle')} hint={t('preference.showContentSubTitleHint')} loading={!saved}>
          <InputSwitch inputId="pref-showContentSubTitle" checked={values.showContentSubTitle} onChange={(e) => set('showContentSubTitle', !!e.value)} />
        </Row>
        <Row id="pref-catalogTreeExpandMode" label={f('catalogTreeExpandMode')} loading={!saved}>
          <SelectButton id="pref-catalogTreeExpandMode" value={values.catalogTreeExpandMode} options={expandModes} allowEmpty={false} onChange={(e) => e.value && set('catalogTreeExpandMode', e.value)} />
        </Row>
      </Group>

      <Group title={t('preference.stats')}>
        <Row id="pref-statGranularity" label={f('statGranularity')} loading={!saved}>
          <SelectButton id="pref-statGranularity" value={values.statGranularity} options={granularities} allowEmpty={false} onChange={(e) => e.value && set('statGranularity', e.value)} />
        </Row>
      </Group>

      <div className="account-form-actions preference-actions">
        <Button type="button" label={t('preference.reset')} severity="secondary" outlined onClick={() => setValues(DEFAULT_PREFERENCES)} disabled={!saved} />
        <Button type="submit" label={t('preference.save')} loading={busy} disabled={!dirty} data-testid="preference-save" />
      </div>
    </form>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="preference-group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function Row({ id, label, hint, loading, children }: { id: string; label: string; hint?: string; loading: boolean; children: ReactNode }) {
  return (
    <div className="preference-row">
      <div className="preference-label">
        <label htmlFor={id}>{label}</label>
        {hint && <small>{hint}</small>}
      </div>
      <div className="preference-control">{loading ? <SkeletonBar width="12rem" height="2.25rem" /> : children}</div>
    </div>
  );
}
