import { Sidebar } from 'primereact/sidebar';
import { InputSwitch } from 'primereact/inputswitch';
import { Button } from 'primereact/button';
import { useStore } from '@nanostores/react';
import { $settings, $settingsOpen, changeSetting, resetSettings, saveSettings, type LayoutSettings } from '../../stores/layout.ts';
import { message } from '../../stores/notify.ts';
import { SETTINGS_DRAWER_WIDTH_PX, THEME_COLORS } from '../../../shared/constants.ts';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';

type Switchable = 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle';
const SWITCHES: Switchable[] = ['topNav', 'tagsView', 'fixedHeader', 'sidebarLogo', 'dynamicTitle'];

/** The settings drawer (spec §2, §3), 280 px: changes apply at once; Save stores them, Reset forgets them. */
export default function SettingsDrawer() {
  const t = useT(shell);
  const open = useStore($settingsOpen);
  const s = useStore($settings);
  const side = (value: LayoutSettings['sideTheme'], label: string) => (
    <button type="button" className={`settings-side ${value}${s.sideTheme === value ? ' is-selected' : ''}`} onClick={() => changeSetting('sideTheme', value)} aria-pressed={s.sideTheme === value} title={label} aria-label={label} data-testid={`side-${value}`}>
      <span className="settings-side-bar" />
      <span className="settings-side-head" />
      {s.sideTheme === value && <i className="pi pi-check" aria-hidden="true" />}
    </button>
  );
  return (
    <Sidebar visible={open} position="right" onHide={() => $settingsOpen.set(false)} style={{ width: SETTINGS_DRAWER_WIDTH_PX }} header={<h2 className="settings-title">{t('settings.title')}</h2>} className="settings-drawer" blockScroll>
      <div className="settings-body" data-testid="settings-drawer">
        <h3>{t('settings.theme')}</h3>
        <div className="settings-sides">
          {side('theme-dark', t('settings.dark'))}
          {side('theme-light', t('settings.light'))}
        </div>
        <div className="settings-row">
          <span>{t('settings.themeColor')}</span>
        </div>
        <div className="settings-colors" role="radiogroup" aria-label={t('settings.themeColor')}>
          {THEME_COLORS.map((c) => (
            <button key={c} type="button" role="radio" aria-checked={s.theme.toLowerCase() === c.toLowerCase()} className="settings-color" style={{ background: c }} onClick={() => changeSetting('theme', c)} title={c} aria-label={c} data-color={c}>
              {s.theme.toLowerCase() === c.toLowerCase() && <i className="pi pi-check" aria-hidden="true" />}
            </button>
          ))}
        </div>
        <hr />
        <h3>{t('settings.system')}</h3>
        {SWITCHES.map((key) => (
          <label key={key} className="settings-row" data-setting={key}>
            <span>{t(`settings.${key}`)}</span>
            <InputSwitch checked={s[key]} onChange={(e) => changeSetting(key, e.value === true)} />
          </label>
        ))}
        <hr />
        <div className="settings-actions">
          <Button
            label={t('settings.save')}
            icon="pi pi-save"
            size="small"
            onClick={() => {
              saveSettings();
              message.success(t('settings.saved'));
            }}
            data-testid="settings-save"
          />
          <Button label={t('settings.reset')} icon="pi pi-refresh" size="small" outlined onClick={() => resetSettings()} data-testid="settings-reset" />
        </div>
      </div>
    </Sidebar>
  );
}
