import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Checkbox } from 'primereact/checkbox';
import { translate } from '../../../lib/i18n/i18n.ts';
import { ImageUpload } from '../../../components/widgets/ImageUpload.tsx';
import { DateTimeInput } from '../../../components/widgets/DateTimeInput.tsx';
import { ONE_IMAGE } from '../../../components/widgets/upload-rules.ts';
import { fromDate, toDate } from '../../cms/editor/dates.ts';
import type { ManualItem, ManualRow } from '../../../../shared/cms/page-widget.ts';
import { parseTitleStyle, titleStyleCss, type TitleStyle } from '../../../../shared/cms/title-style.ts';
import type { FieldRendererProps } from '../types.ts';

const t = (key: string, params?: Record<string, unknown>) => translate(`screens:pageWidget.${key}`, params);

/** The title input shows the style it will have. */
function previewOf(css: string | undefined) {
  const s = parseTitleStyle(css);
  return { color: s.color || undefined, fontWeight: s.bold ? 'bold' : undefined, fontStyle: s.italic ? 'italic' : undefined };
}

/** One item's title style: a colour and bold/italic switches, stored as the CSS the schema accepts. */
function TitleStyleInput({ id, n, value, onChange }: { id: string; n: number; value: string | undefined; onChange(css: string): void }) {
  const style = parseTitleStyle(value);
  const set = (patch: Partial<TitleStyle>) => onChange(titleStyleCss({ ...style, ...patch }));
  return (
    <span className="manual-item-style" role="group" aria-label={t('itemStyle', { n })}>
      <input id={`${id}-color`} type="color" aria-label={t('itemColor', { n })} value={style.color || '#303133'} onChange={(e) => set({ color: e.target.value })} />
      <Checkbox inputId={`${id}-bold`} checked={style.bold} onChange={(e) => set({ bold: !!e.checked })} />
      <label htmlFor={`${id}-bold`}>{t('itemBold')}</label>
      <Checkbox inputId={`${id}-italic`} checked={style.italic} onChange={(e) => set({ italic: !!e.checked })} />
      <label htmlFor={`${id}-italic`}>{t('itemItalic')}</label>
      {style.color ? <Button type="button" text size="small" icon="pi pi-eraser" aria-label={t('itemColorClear', { n })} onClick={() => set({ color: '' })} /> : null}
    </span>
  );
}

/** One item of a row: title (with its style), link and summary; a logo from the site's library; a date. */
function ManualItemInputs({ id, n, item, onChange, onRemove }: { id: string; n: number; item: ManualItem; onChange(patch: Partial<ManualItem>): void; onRemove(): void }) {
  return (
    <div className="manual-item">
      <div className="manual-item-line">
        <InputText aria-label={t('itemTitle', { n })} placeholder={t('itemTitle', { n })} value={item.title ?? ''} onChange={(e) => onChange({ title: e.target.value })}
          style={previewOf(item.titleStyle)} />
        <TitleStyleInput id={`${id}-style`} n={n} value={item.titleStyle} onChange={(titleStyle) => onChange({ titleStyle })} />
        <Button type="button" text size="small" icon="pi pi-times" aria-label={t('removeItem', { n })} onClick={onRemove} />
      </div>
      <div className="manual-item-line">
        <InputText aria-label={t('itemUrl', { n })} placeholder="https://" value={item.url ?? ''} onChange={(e) => onChange({ url: e.target.value })} />
        <InputText aria-label={t('itemSummary', { n })} placeholder={t('itemSummary', { n })} value={item.summary ?? ''} onChange={(e) => onChange({ summary: e.target.value })} />
      </div>
      <div className="manual-item-line">
        <span className="manual-item-field" role="group" aria-label={t('itemLogo', { n })}>
          <span aria-hidden="true">{t('itemLogo', { n })}</span>
          <ImageUpload value={item.logo ?? ''} library limits={ONE_IMAGE} showTip={false} onChange={(v) => onChange({ logo: v.split(',').filter(Boolean)[0] ?? '' })} />
        </span>
        <span className="manual-item-field">
          <label htmlFor={`${id}-date`}>{t('itemDate', { n })}</label>
          <DateTimeInput id={`${id}-date`} value={toDate(item.publishDate)} buttonBar onChange={(d) => onChange({ publishDate: fromDate(d) ?? '' })} />
        </span>
      </div>
    </div>
  );
}

/** A manual block's rows of items, rows and items added and removed in place. */
export function ManualRowsField({ value, onChange, id }: FieldRendererProps) {
  const rows = (Array.isArray(value) ? value : []) as ManualRow[];
  const set = (next: ManualRow[]) => onChange(next);
  const setItem = (r: number, i: number, patch: Partial<ManualItem>) =>
    set(rows.map((row, ri) => (ri !== r ? row : { items: row.items.map((item, ii) => (ii === i ? { ...item, ...patch } : item)) })));
  return (
    <div id={id} className="manual-rows" data-testid="manual-rows">
      {rows.map((row, r) => (
        <fieldset key={r} className="manual-row">
          <legend>{t('rowN', { n: r + 1 })}</legend>
          {row.items.map((item, i) => (
            <ManualItemInputs key={i} id={`${id}-${r}-${i}`} n={i + 1} item={item} onChange={(patch) => setItem(r, i, patch)}
              onRemove={() => set(rows.map((x, ri) => (ri === r ? { items: x.items.filter((_, ii) => ii !== i) } : x)))} />
          ))}
          <Button type="button" text size="small" icon="pi pi-plus" label={t('addItem')} onClick={() => set(rows.map((x, ri) => (ri === r ? { items: [...x.items, { title: '' }] } : x)))} />
          <Button type="button" text size="small" severity="danger" icon="pi pi-trash" label={t('removeRow', { n: r + 1 })} onClick={() => set(rows.filter((_, ri) => ri !== r))} />
        </fieldset>
      ))}
      <Button type="button" outlined size="small" icon="pi pi-plus" label={t('addRow')} onClick={() => set([...rows, { items: [{ title: '' }] }])} />
    </div>
  );
}
