import { Button } from 'primereact/button';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';

/** Move up, move down and remove for an item of an ordered list (the drag handle's keyboard twin). */
export function ItemTools({ index, count, onMove, onRemove, label }: { index: number; count: number; onMove(by: number): void; onRemove(): void; label: string }) {
  const t = useT(editorNs);
  return (
    <div className="ce-item-tools">
      <span className="ce-drag" aria-hidden="true" title={t('items.drag')}><i className="pi pi-bars" /></span>
      <span className="ce-item-no">{index + 1}</span>
      <Button type="button" text rounded size="small" icon="pi pi-arrow-up" disabled={index === 0} aria-label={t('items.up', { item: label })} onClick={() => onMove(-1)} />
      <Button type="button" text rounded size="small" icon="pi pi-arrow-down" disabled={index === count - 1} aria-label={t('items.down', { item: label })} onClick={() => onMove(1)} />
      <Button type="button" text rounded size="small" severity="danger" icon="pi pi-trash" aria-label={t('items.remove', { item: label })} onClick={onRemove} />
    </div>
  );
}
