import { atom } from 'nanostores';
import { readItem, writeItem, writeJson } from '../lib/web-storage.ts';
import { DEFAULT_LAYOUT_SETTINGS, STORAGE_KEYS, THEME_COLORS } from '../../shared/constants.ts';

/**
 * Layout settings of the settings drawer (spec §3). Changes apply at once; Save writes them to
 * localStorage under `layout-setting`, Reset removes that and reloads.
 */
export interface LayoutSettings {
  sideTheme: 'theme-dark' | 'theme-light';
  showSettings: boolean;
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
  errorLog: string;
  theme: string;
}

export const defaultSettings = (): LayoutSettings => ({ ...DEFAULT_LAYOUT_SETTINGS });

const HEX = /^#[0-9a-f]{6}$/i;

/** Stored JSON → settings; unknown or malformed values fall back to the defaults one by one. */
export function parseSettings(raw: string | null | undefined): LayoutSettings {
  const d = defaultSettings();
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    return d;
  }
  const bool = (k: keyof LayoutSettings) => (typeof saved[k] === 'boolean' ? (saved[k] as boolean) : (d[k] as boolean));
  return {
    sideTheme: saved.sideTheme === 'theme-light' || saved.sideTheme === 'theme-dark' ? saved.sideTheme : d.sideTheme,
    showSettings: bool('showSettings'),
    topNav: bool('topNav'),
    tagsView: bool('tagsView'),
    fixedHeader: bool('fixedHeader'),
    sidebarLogo: bool('sidebarLogo'),
    dynamicTitle: bool('dynamicTitle'),
    errorLog: typeof saved.errorLog === 'string' ? saved.errorLog : d.errorLog,
    theme: typeof saved.theme === 'string' && HEX.test(saved.theme) ? saved.theme : d.theme,
  };
}

export const $settings = atom<LayoutSettings>(parseSettings(readItem('localStorage', STORAGE_KEYS.layoutSetting)));

export function changeSetting<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void {
  $settings.set({ ...$settings.get(), [key]: value });
}

/** Save: the drawer's values, as the original console stores them. */
export function saveSettings(): void {
  const s = $settings.get();
  const stored = { topNav: s.topNav, tagsView: s.tagsView, fixedHeader: s.fixedHeader, sidebarLogo: s.sidebarLogo, dynamicTitle: s.dynamicTitle, sideTheme: s.sideTheme, theme: s.theme };
  writeJson('localStorage', STORAGE_KEYS.layoutSetting, stored);
}

/** Reset: forget the saved layout (and the recoloured theme) and reload. */
export function resetSettings(reload: () => void = () => location.reload()): void {
  writeItem('localStorage', STORAGE_KEYS.layoutSetting, null);
  writeItem('localStorage', STORAGE_KEYS.themeStyles, null);
  reload();
}

export { THEME_COLORS };

/** The settings drawer is open (opened from the user menu). */
export const $settingsOpen = atom<boolean>(false);
