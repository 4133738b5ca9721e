/**
 * The rich-text editor's toolbar for keyboard and screen-reader users (issue 28). Quill draws its
 * pickers (paragraph style, text colour, highlight, alignment) as spans: it copies the select's
 * `aria-label` onto a span without a role (not allowed), leaves the opening "button" without a
 * name, makes every option a Tab stop named by nothing (a colour swatch, an icon) and opens a
 * picker with Enter alone. This gives the toolbar the WAI-ARIA toolbar pattern (one Tab stop,
 * arrow keys between its controls) and each picker a named button opening a listbox of named
 * options (Enter, Space or an arrow opens it, arrows move, Enter or Space chooses, Escape or Tab
 * closes it). Quill's state stays its own: a picker is open when its span has `ql-expanded`,
 * chosen through its options' click and Enter handlers.
 *
 * The parts that decide (names, where an arrow goes) are pure functions, tested beside this file;
 * the rest wires them to the DOM Quill built.
 */
import type { Translate as TranslateOf } from '../../lib/i18n/i18n.ts';
import type widgetTexts from '../../../shared/i18n/locales/zh-CN/widgets.ts';

/** Quill's colour palette (quill/themes/base.js): seven columns (greys, then six hues) of five rows (full, palest, light, dark, darkest). */
export const QUILL_COLORS = [
  '#000000', '#e60000', '#ff9900', '#ffff00', '#008a00', '#0066cc', '#9933ff',
  '#ffffff', '#facccc', '#ffebcc', '#ffffcc', '#cce8cc', '#cce0f5', '#ebd6ff',
  '#bbbbbb', '#f06666', '#ffc266', '#ffff66', '#66b966', '#66a3e0', '#c285ff',
  '#888888', '#a10000', '#b26b00', '#b2b200', '#006100', '#0047b2', '#6b24b2',
  '#444444', '#5c0000', '#663d00', '#666600', '#003700', '#002966', '#3d1466',
] as const;
export const COLOR_COLUMNS = 7;

const GREYS = ['black', 'white', 'lightGrey', 'grey', 'darkGrey'] as const;
const HUES = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
const SHADES = [null, 'palest', 'light', 'dark', 'darkest'] as const;

export type ColorKey = (typeof GREYS)[number] | (typeof HUES)[number];
export type ShadeKey = NonNullable<(typeof SHADES)[number]>;

/** How to name a colour of Quill's palette: a grey by its own word, a hue with its shade ("light red"); null for a colour not in it. */
export function colorWords(hex: string | null | undefined): { color: ColorKey; shade: ShadeKey | null } | null {
  const i = QUILL_COLORS.indexOf((hex ?? '').toLowerCase() as (typeof QUILL_COLORS)[number]);
  if (i < 0) return null;
  const row = Math.floor(i / COLOR_COLUMNS);
  const column = i % COLOR_COLUMNS;
  return column === 0 ? { color: GREYS[row]!, shade: null } : { color: HUES[column - 1]!, shade: SHADES[row]! };
}

/** The pickers the toolbar has, by their Quill format. */
export const PICKER_FORMATS = ['header', 'color', 'background', 'align'] as const;
export type PickerFormat = (typeof PICKER_FORMATS)[number];

/** A picker's colour when nothing is chosen: Quill marks that option as the default, without a value. */
export const DEFAULT_COLOR: Record<'color' | 'background', string> = { color: '#000000', background: '#ffffff' };

/**
 * Where an arrow, Home or End moves focus among `count` items from `index`: in a grid of `columns`
 * (the colour swatches) Up and Down move a row, in a list any arrow moves one; at an end it stays
 * put, or goes round with `wrap` (the toolbar). Null for any other key.
 */
export function moveIndex(key: string, index: number, count: number, { columns = 1, wrap = false }: { columns?: number; wrap?: boolean } = {}): number | null {
  if (count <= 0) return null;
  const row = columns > 1 ? columns : 1;
  let next: number;
  switch (key) {
    case 'ArrowRight': next = index + 1; break;
    case 'ArrowLeft': next = index - 1; break;
    case 'ArrowDown': next = index + row; break;
    case 'ArrowUp': next = index - row; break;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
  if (wrap) return (next + count) % count;
  return next < 0 || next >= count ? index : next;
}

type Translate = TranslateOf<typeof widgetTexts>;

const TOOLS = { header: 'editor.tools.style', color: 'editor.tools.color', background: 'editor.tools.background', align: 'editor.tools.align' } as const;
const HEADINGS = { '1': 'editor.heading.h1', '2': 'editor.heading.h2', '3': 'editor.heading.h3', '4': 'editor.heading.h4' } as const;
const ALIGNS = { center: 'editor.align.center', right: 'editor.align.right', justify: 'editor.align.justify' } as const;

/** The name of a colour of the palette in the page's language ("Light red"), or its code when it is not one of them. */
export function colorName(t: Translate, hex: string): string {
  const words = colorWords(hex);
  if (!words) return hex;
  const color = t(`editor.colors.${words.color}`);
  // "Light red": the colour's word inside a phrase is written small (a no-op in Chinese).
  return words.shade ? t(`editor.colors.${words.shade}`, { color: color.toLowerCase() }) : color;
}

/** Everything the toolbar says, from the widgets' texts in the page's language. */
export function toolbarTexts(t: Translate): ToolbarTexts {
  return {
    toolbar: t('editor.toolbar'),
    tool: (format) => t(TOOLS[format]),
    option(format, value, index) {
      switch (format) {
        case 'header':
          return t(value && value in HEADINGS ? HEADINGS[value as keyof typeof HEADINGS] : 'editor.heading.normal');
        case 'align':
          return t(value && value in ALIGNS ? ALIGNS[value as keyof typeof ALIGNS] : 'editor.align.left');
        default:
          // The swatches are the palette in order; the one without a value is the default colour.
          return colorName(t, value ?? QUILL_COLORS[index] ?? DEFAULT_COLOR[format]);
      }
    },
    current: (tool, value) => t('editor.current', { tool, value }),
    link: {
      enter: t('editor.link.enter'),
      visit: t('editor.link.visit'),
      edit: t('editor.link.edit'),
      remove: t('editor.link.remove'),
      save: t('editor.link.save'),
      address: t('editor.link.address'),
    },
  };
}

/** What the DOM part needs said, in the page's language. */
export interface ToolbarTexts {
  toolbar: string;
  /** a picker's name ("Paragraph style") */
  tool(format: PickerFormat): string;
  /** the name of a picker's option, by its value (null: the option without one, Quill's default) and its place */
  option(format: PickerFormat, value: string | null, index: number): string;
  /** a picker's button: its name and what it holds now ("Paragraph style: Heading 2") */
  current(tool: string, value: string): string;
  link: { enter: string; visit: string; edit: string; remove: string; save: string; address: string };
}

const formatOf = (picker: Element): PickerFormat | undefined => PICKER_FORMATS.find((f) => picker.classList.contains(`ql-${f}`));
const itemsOf = (picker: Element) => [...picker.querySelectorAll<HTMLElement>('.ql-picker-item')];
const isOpen = (picker: Element) => picker.classList.contains('ql-expanded');

/** Quill's link box, beside the editing area under the toolbar. */
export const tooltipOf = (toolbar: HTMLElement) => toolbar.parentElement?.querySelector<HTMLElement>('.ql-tooltip') ?? null;

/** The names and roles of the toolbar's pickers and of the link box; run again when the language changes, a picker's value does or the link box changes mode. */
export function nameToolbar(toolbar: HTMLElement, texts: ToolbarTexts): void {
  for (const picker of toolbar.querySelectorAll<HTMLElement>('.ql-picker')) {
    const format = formatOf(picker);
    const label = picker.querySelector<HTMLElement>('.ql-picker-label');
    const options = picker.querySelector<HTMLElement>('.ql-picker-options');
    if (!format || !label || !options) continue;
    const tool = texts.tool(format);
    // Quill copied the select's name and title onto the span: a span may not be named. The title
    // (the tooltip a pointer shows) goes to the button.
    picker.removeAttribute('aria-label');
    picker.removeAttribute('title');
    const items = itemsOf(picker);
    const names = items.map((item, i) => texts.option(format, item.getAttribute('data-value'), i));
    const value = label.getAttribute('data-value');
    const shown = items.findIndex((item) => item.getAttribute('data-value') === value);
    const at = shown >= 0 ? shown : items.findIndex((item) => !item.hasAttribute('data-value'));
    set(label, 'title', tool);
    set(label, 'aria-label', at >= 0 ? texts.current(tool, names[at]!) : tool);
    set(label, 'aria-haspopup', 'listbox');
    set(options, 'role', 'listbox');
    set(options, 'aria-label', tool);
    items.forEach((item, i) => {
      set(item, 'role', 'option');
      set(item, 'aria-label', names[i]!);
      set(item, 'aria-selected', String(i === at));
      set(item, 'tabindex', '-1');
    });
  }
  const tip = tooltipOf(toolbar);
  if (tip) {
    // Quill's snow theme writes these words in English from its stylesheet; ours reads them from here (widgets.css).
    set(tip, 'data-enter', texts.link.enter);
    set(tip, 'data-visit', texts.link.visit);
    const input = tip.querySelector<HTMLElement>('input[type=text]');
    if (input) set(input, 'aria-label', texts.link.address);
    // Their names are said too: the stylesheet's words are not a name to every assistive technology.
    const action = tip.querySelector<HTMLElement>('a.ql-action');
    if (action) {
      set(action, 'data-edit', texts.link.edit);
      set(action, 'data-save', texts.link.save);
      set(action, 'aria-label', tip.classList.contains('ql-editing') ? texts.link.save : texts.link.edit);
    }
    const remove = tip.querySelector<HTMLElement>('a.ql-remove');
    if (remove) {
      set(remove, 'data-remove', texts.link.remove);
      set(remove, 'aria-label', texts.link.remove);
    }
  }
}

/** Sets an attribute only when it changes (an observer of the toolbar sees no needless mutations). */
function set(el: Element, name: string, value: string) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function openPicker(picker: HTMLElement) {
  picker.classList.add('ql-expanded');
  picker.querySelector('.ql-picker-label')?.setAttribute('aria-expanded', 'true');
  picker.querySelector('.ql-picker-options')?.setAttribute('aria-hidden', 'false');
}

/** What Quill's Picker.close does. */
function closePicker(picker: HTMLElement) {
  picker.classList.remove('ql-expanded');
  picker.querySelector('.ql-picker-label')?.setAttribute('aria-expanded', 'false');
  picker.querySelector('.ql-picker-options')?.setAttribute('aria-hidden', 'true');
}

/** The toolbar's controls in order: its buttons and its pickers' buttons. */
const controlsOf = (toolbar: HTMLElement) =>
  [...toolbar.querySelectorAll<HTMLElement>('button, .ql-picker-label')].filter((el) => !el.closest('.ql-picker-options') && !(el as HTMLButtonElement).disabled);

/**
 * The keyboard of the toolbar, once Quill has built it: one Tab stop (the control last used),
 * Left/Right/Home/End between controls; a picker's button opens its list with Enter (Quill),
 * Space, Down or Up and puts focus on the chosen option; in the list the arrows move, Enter
 * (Quill) or Space chooses, Escape (Quill) closes back to the button, Tab closes and goes on.
 * The link box's Edit and Remove become buttons. Returns the function that unwires it.
 */
export function wireToolbar(toolbar: HTMLElement): () => void {
  const controls = () => controlsOf(toolbar);
  /** The toolbar's Tab stop: `current`, or the first control. */
  function rove(current?: HTMLElement) {
    const all = controls();
    const stop = current && all.includes(current) ? current : all[0];
    for (const el of all) el.tabIndex = el === stop ? 0 : -1;
  }
  rove();

  function focusOption(picker: HTMLElement) {
    const items = itemsOf(picker);
    (items.find((i) => i.classList.contains('ql-selected')) ?? items.find((i) => !i.hasAttribute('data-value')) ?? items[0])?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    const target = e.target as HTMLElement;
    const picker = target.closest<HTMLElement>('.ql-picker');
    if (picker && target.classList.contains('ql-picker-item')) {
      const items = itemsOf(picker);
      const next = moveIndex(e.key, items.indexOf(target), items.length, { columns: picker.classList.contains('ql-color-picker') ? COLOR_COLUMNS : 1 });
      if (next !== null) {
        e.preventDefault();
        items[next]?.focus();
      } else if (e.key === ' ') {
        e.preventDefault();
        target.click();
      } else if (e.key === 'Tab') closePicker(picker);
      // Quill's own handlers: Enter chooses, Escape closes and gives focus back to the button.
      return;
    }
    if (picker && target.classList.contains('ql-picker-label')) {
      // Enter: Quill has just toggled the list.
      if (e.key === 'Enter') {
        e.preventDefault();
        if (isOpen(picker)) focusOption(picker);
        return;
      }
      if (e.key === ' ' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        openPicker(picker);
        focusOption(picker);
        return;
      }
    }
    if (!controls().includes(target)) return;
    const all = controls();
    const next = e.key === 'ArrowDown' || e.key === 'ArrowUp' ? null : moveIndex(e.key, all.indexOf(target), all.length, { wrap: true });
    if (next === null) return;
    e.preventDefault();
    if (picker) closePicker(picker);
    all[next]?.focus();
  }
  function onFocusIn(e: FocusEvent) {
    const target = e.target as HTMLElement;
    if (controls().includes(target)) rove(target);
  }
  /** A picker closes when focus leaves it (Tab, or a click elsewhere that Quill does not see). */
  function onFocusOut(e: FocusEvent) {
    const picker = (e.target as HTMLElement).closest<HTMLElement>('.ql-picker');
    if (picker && isOpen(picker) && !picker.contains(e.relatedTarget as Node | null)) closePicker(picker);
  }
  toolbar.addEventListener('keydown', onKeyDown);
  toolbar.addEventListener('focusin', onFocusIn);
  toolbar.addEventListener('focusout', onFocusOut);

  // The link box (Quill's tooltip, beside the editing area): "Edit" and "Remove" are links
  // without an address, which no key reaches.
  const tip = tooltipOf(toolbar);
  const tipButtons = tip ? [...tip.querySelectorAll<HTMLElement>('a.ql-action, a.ql-remove')] : [];
  function onTipKey(e: KeyboardEvent) {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    (e.currentTarget as HTMLElement).click();
  }
  for (const a of tipButtons) {
    a.setAttribute('role', 'button');
    a.tabIndex = 0;
    a.addEventListener('keydown', onTipKey);
  }
  return () => {
    toolbar.removeEventListener('keydown', onKeyDown);
    toolbar.removeEventListener('focusin', onFocusIn);
    toolbar.removeEventListener('focusout', onFocusOut);
    for (const a of tipButtons) a.removeEventListener('keydown', onTipKey);
  };
}
