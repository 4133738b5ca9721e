import { LARA_SEVERITY_DARKER, TEXT_RATIO, UI_RATIO } from './palette.ts';

/**
 * What each colour of the console must stand out from, and by how much (issue 28, WCAG 2.2 AA):
 * the palette test computes every ratio from the stylesheets, docs/accessibility.md shows them.
 * A colour is a token of src/styles/palette.css or shell.css (`--name`) or a literal (`#rrggbb`,
 * PrimeReact's theme as the build rewrites it, src/lib/theme/palette.ts).
 */
export interface ContrastPair {
  /** what is drawn in the colour */
  use: string;
  fg: string;
  bg: readonly string[];
  min: number;
  /** the sidebar theme the pair is read in (its tokens differ); dark, the default, if unset */
  sidebar?: 'light';
  /** the colour before issue 28, for the doc's before/after: of `fg`, or of the background if `changed` says so */
  before?: string;
  changed?: 'bg';
}

const LIGHT = ['--app-surface', '--app-bg', '--app-surface-alt'];
const DARK_SIDEBAR = ['--shell-sidebar-bg', '--shell-sidebar-sub-bg', '--shell-sidebar-hover'];

export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  { use: 'body text', fg: '--app-text', bg: LIGHT, min: TEXT_RATIO },
  { use: 'labels, table text', fg: '--app-text-regular', bg: LIGHT, min: TEXT_RATIO },
  { use: 'hints, secondary facts, empty states', fg: '--app-text-muted', bg: LIGHT, min: TEXT_RATIO, before: '#909399' },
  { use: 'breadcrumb: current page', fg: '--app-crumb', bg: ['--app-surface'], min: TEXT_RATIO, before: '#97a8be' },
  { use: 'links, text buttons, active tab, selected row text', fg: '--primary-color', bg: [...LIGHT, '--app-highlight'], min: TEXT_RATIO, before: '#409eff' },
  { use: 'white label on a primary button, tag, active tab', fg: '#ffffff', bg: ['--primary-color'], min: TEXT_RATIO, before: '#409eff', changed: 'bg' },
  { use: 'white label on the grey status tag', fg: '#ffffff', bg: ['--app-text-muted'], min: TEXT_RATIO, before: '#909399', changed: 'bg' },
  { use: 'errors, required marks', fg: '--app-danger', bg: ['--app-surface', '--app-danger-bg'], min: TEXT_RATIO, before: '#f56c6c' },
  { use: 'done, read', fg: '--app-success', bg: ['--app-surface', '--app-success-bg'], min: TEXT_RATIO, before: '#67c23a' },
  { use: 'waiting, unsaved, off', fg: '--app-warning', bg: ['--app-surface', '--app-warning-bg'], min: TEXT_RATIO, before: '#e6a23c' },
  { use: 'amber icons: a warning, a lock, a folder', fg: '--app-icon-amber', bg: LIGHT, min: UI_RATIO, before: '#e6a23c' },
  { use: 'boundary of an input, checkbox, switch', fg: '--app-control-border', bg: ['--app-surface', '--app-surface-alt'], min: UI_RATIO, before: '#d1d5db' },
  { use: 'focus ring (2 px, 2 px off the control)', fg: '--app-focus', bg: LIGHT, min: UI_RATIO, before: '#c6e2ff' },
  { use: 'dark sidebar: menu text', fg: '--shell-sidebar-text', bg: DARK_SIDEBAR, min: TEXT_RATIO },
  { use: 'dark sidebar: active item, focus ring', fg: '--shell-sidebar-active', bg: DARK_SIDEBAR, min: TEXT_RATIO, before: '#409eff' },
  { use: 'light sidebar: menu text', fg: '--shell-sidebar-text', bg: ['--shell-sidebar-bg', '--shell-sidebar-hover'], min: TEXT_RATIO, sidebar: 'light' },
  { use: 'light sidebar: active item, focus ring', fg: '--shell-sidebar-active', bg: ['--shell-sidebar-bg', '--app-highlight'], min: TEXT_RATIO, sidebar: 'light', before: '#409eff' },
  ...(
    [
      ['success', '#22c55e'],
      ['info', '#0ea5e9'],
      ['warning', '#f97316'],
      ['danger', '#ef4444'],
      ['help', '#a855f7'],
    ] as const
  ).map(([name, was]) => ({
    use: `PrimeReact ${name}: outlined button text, white label on the solid button or tag`,
    fg: LARA_SEVERITY_DARKER[was]!,
    bg: ['#ffffff'],
    min: TEXT_RATIO,
    before: was,
  })),
  { use: 'PrimeReact invalid field: message, border', fg: LARA_SEVERITY_DARKER['#e24c4c']!, bg: ['#ffffff'], min: TEXT_RATIO, before: '#e24c4c' },
];
