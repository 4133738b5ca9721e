import { describe, expect, it } from 'vitest';
import { COLOR_COLUMNS, QUILL_COLORS, colorWords, moveIndex, toolbarTexts } from './quill-a11y.ts';
import en from '../../../shared/i18n/locales/en/widgets.ts';
import zhCN from '../../../shared/i18n/locales/zh-CN/widgets.ts';
import zhTW from '../../../shared/i18n/locales/zh-TW/widgets.ts';

/** `t` over one language's catalogue, as i18next resolves it (dotted keys, {{param}}); a missing key throws. */
function translator(catalog: object) {
  return ((key: string, params?: Record<string, unknown>) => {
    const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], catalog);
    if (typeof text !== 'string') throw new Error(`no text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params?.[p]));
  }) as Parameters<typeof toolbarTexts>[0];
}

describe('the rich-text toolbar, for keyboards and screen readers', () => {
  it('names each colour of Quill\'s palette by its grey or its hue and shade', () => {
    expect(colorWords('#000000')).toEqual({ color: 'black', shade: null });
    expect(colorWords('#E60000')).toEqual({ color: 'red', shade: null });
    expect(colorWords('#facccc')).toEqual({ color: 'red', shade: 'palest' });
    expect(colorWords('#66a3e0')).toEqual({ color: 'blue', shade: 'light' });
    expect(colorWords('#888888')).toEqual({ color: 'grey', shade: null });
    expect(colorWords('#3d1466')).toEqual({ color: 'purple', shade: 'darkest' });
    expect(colorWords('#123456')).toBeNull();
    expect(colorWords(null)).toBeNull();
  });

  it('moves along a list, a grid of swatches and round the toolbar', () => {
    // a list (paragraph styles): any arrow moves one, the ends hold
    expect(moveIndex('ArrowDown', 0, 5)).toBe(1);
    expect(moveIndex('ArrowRight', 0, 5)).toBe(1);
    expect(moveIndex('ArrowUp', 0, 5)).toBe(0);
    expect(moveIndex('ArrowDown', 4, 5)).toBe(4);
    expect(moveIndex('End', 1, 5)).toBe(4);
    expect(moveIndex('Home', 3, 5)).toBe(0);
    // the swatches: Up and Down move a row of seven
    expect(moveIndex('ArrowDown', 2, 35, { columns: COLOR_COLUMNS })).toBe(9);
    expect(moveIndex('ArrowUp', 9, 35, { columns: COLOR_COLUMNS })).toBe(2);
    expect(moveIndex('ArrowUp', 2, 35, { columns: COLOR_COLUMNS })).toBe(2);
    expect(moveIndex('ArrowRight', 6, 35, { columns: COLOR_COLUMNS })).toBe(7);
    // the toolbar goes round
    expect(moveIndex('ArrowRight', 18, 19, { wrap: true })).toBe(0);
    expect(moveIndex('ArrowLeft', 0, 19, { wrap: true })).toBe(18);
    // other keys are not its business
    expect(moveIndex('Enter', 0, 5)).toBeNull();
    expect(moveIndex('a', 0, 5)).toBeNull();
    expect(moveIndex('ArrowDown', 0, 0)).toBeNull();
  });

  it('says every picker, option and state in the page\'s language', () => {
    const t = toolbarTexts(translator(en));
    expect(t.toolbar).toBe('Text formatting');
    expect(t.tool('header')).toBe('Paragraph style');
    expect(t.option('header', '2', 1)).toBe('Heading 2');
    expect(t.option('header', null, 4)).toBe('Paragraph');
    expect(t.current(t.tool('header'), t.option('header', '2', 1))).toBe('Paragraph style: Heading 2');
    expect(t.option('align', null, 0)).toBe('Align left');
    expect(t.option('align', 'justify', 3)).toBe('Justify');
    // the swatch without a value is the picker's default colour
    expect(t.option('color', null, 0)).toBe('Black');
    expect(t.option('background', null, 7)).toBe('White');
    expect(t.option('color', '#66a3e0', 19)).toBe('Light blue');
    expect(t.option('background', '#5c0000', 29)).toBe('Very dark red');
    expect(t.link.address).toBe('Link address');

    const cn = toolbarTexts(translator(zhCN));
    expect(cn.current(cn.tool('header'), cn.option('header', null, 4))).toBe('段落样式：正文');
    expect(cn.option('color', '#facccc', 8)).toBe('极浅红色');
    const tw = toolbarTexts(translator(zhTW));
    expect(tw.current(tw.tool('align'), tw.option('align', 'center', 1))).toBe('對齊方式：置中');
    expect(tw.option('background', '#cce0f5', 12)).toBe('極淺藍色');
  });

  it('gives the 35 swatches 35 different names in every language', () => {
    for (const catalog of [en, zhCN, zhTW]) {
      const t = toolbarTexts(translator(catalog));
      const names = QUILL_COLORS.map((hex, i) => t.option('color', hex, i));
      expect(new Set(names).size).toBe(QUILL_COLORS.length);
      expect(names.some((n) => n.startsWith('#'))).toBe(false);
    }
  });
});
