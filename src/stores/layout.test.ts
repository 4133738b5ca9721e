import { describe, expect, it } from 'vitest';
import { defaultSettings, parseSettings } from './layout.ts';

describe('layout settings (spec §3)', () => {
  it('defaults', () => {
    expect(defaultSettings()).toEqual({ sideTheme: 'theme-dark', showSettings: false, topNav: false, tagsView: true, fixedHeader: false, sidebarLogo: true, dynamicTitle: false, errorLog: 'production', theme: '#409EFF' });
    expect(parseSettings(null)).toEqual(defaultSettings());
    expect(parseSettings('not json')).toEqual(defaultSettings());
  });

  it('reads saved values one by one, ignoring malformed ones', () => {
    const s = parseSettings(JSON.stringify({ topNav: true, sideTheme: 'theme-light', theme: '#11A983', tagsView: 'yes' }));
    expect(s).toMatchObject({ topNav: true, sideTheme: 'theme-light', theme: '#11A983', tagsView: true });
    expect(parseSettings(JSON.stringify({ theme: 'red', sideTheme: 'x' }))).toMatchObject({ theme: '#409EFF', sideTheme: 'theme-dark' });
  });
});
