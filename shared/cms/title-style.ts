/**
 * A block item's title style, as the console edits it: a colour, bold, italic. Stored as the CSS
 * a template prints into a `style` attribute (`color:#c00000;font-weight:bold`), so only these
 * declarations are accepted: a stored style can never carry other CSS (a `url(…)`, a position).
 */
export interface TitleStyle {
  color: string;
  bold: boolean;
  italic: boolean;
}

const COLOR = /^#[0-9a-f]{6}$/i;
/** The whole stored form: each declaration at most once, in this order. */
export const TITLE_STYLE_PATTERN = /^(?:color:#[0-9a-fA-F]{6};?)?(?:font-weight:bold;?)?(?:font-style:italic;?)?$/;

export function parseTitleStyle(css: string | null | undefined): TitleStyle {
  const s = css ?? '';
  const color = /color:(#[0-9a-f]{6})/i.exec(s)?.[1] ?? '';
  return { color: COLOR.test(color) ? color : '', bold: s.includes('font-weight:bold'), italic: s.includes('font-style:italic') };
}

export function titleStyleCss(style: TitleStyle): string {
  return [style.color && COLOR.test(style.color) ? `color:${style.color.toLowerCase()}` : '', style.bold ? 'font-weight:bold' : '', style.italic ? 'font-style:italic' : '']
    .filter(Boolean).join(';');
}
