import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useT } from '../../lib/i18n/react.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import cms from '../../lib/i18n/ns/cms.ts';
// The shared dialog buttons' texts (OK, Cancel) live in the common namespace.
import '../../lib/i18n/ns/common.ts';
import type { ResourceType } from '../../../shared/cms/resource-types.ts';
import { allows, usePermissions } from '../../stores/permission-gate.ts';
import { Pagination } from '../widgets/Pagination.tsx';
import { DEFAULT_PAGE, type PageState } from '../widgets/pagination-rules.ts';
import { fetchLibrary, type LibraryItem } from './resource-api.ts';
import { UploadDialog } from './UploadDialog.tsx';
import { LibraryFace } from './LibraryFace.tsx';
import '../form/form.css';
import './cms-resource.css';

interface Props {
  type: ResourceType;
  /** the library of this site rather than the current one's (a site's own edit tabs) */
  siteId?: number;
  onPick(item: LibraryItem): void;
  onHide(): void;
}

/** A tile of the library: its face and its name. */
export function LibraryTile({ item, selected, onClick, onDoubleClick }: { item: LibraryItem; selected?: boolean; onClick?(): void; onDoubleClick?(): void }) {
  return (
    <button type="button" className={`library-tile${selected ? ' is-selected' : ''}`} onClick={onClick} onDoubleClick={onDoubleClick} title={item.name} aria-pressed={selected}>
      <span className="library-tile-face library-face">
        <LibraryFace item={item} />
      </span>
      <span className="library-tile-name">{item.name}</span>
    </button>
  );
}

/**
 * The resource picker: the current site's library of one type, searched by name and paged; one
 * click selects, a double click (or Choose) picks. Whoever may upload can add a new one here,
 * which is then picked at once.
 */
export function ResourcePicker({ type, siteId, onPick, onHide }: Props) {
  const t = useT(cms);
  const perms = usePermissions();
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<PageState>({ ...DEFAULT_PAGE, limit: 20 });
  const [rows, setRows] = useState<LibraryItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<LibraryItem | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchLibrary({ resourceType: type, name: query, pageNum: page.page, pageSize: page.limit }, siteId)
      .then((r) => {
        if (!live) return;
        setRows(r.rows);
        setTotal(r.total);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [type, query, page, siteId]);

  const footer = (
    <div className="resource-dialog-footer">
      <Button type="button" size="small" label={t('resource.picker.choose')} disabled={!selected} onClick={() => selected && onPick(selected)} />
      <Button type="button" size="small" outlined severity="secondary" label={translate('common:actions.cancel')} onClick={onHide} />
    </div>
  );
  // The picker often opens from inside a form (a site's Basic tab, the settings): its own forms'
  // submits (search, upload) bubble through the portal in React's tree, and must stop here.
  return (
    <span className="library-picker-root" onSubmit={(e) => e.stopPropagation()}>
    <Dialog visible header={t('resource.picker.title')} onHide={onHide} footer={footer} style={{ width: 'min(800px, 95vw)' }} data-testid="resource-picker" blockScroll>
      <form className="library-picker-bar" onSubmit={(e) => { e.preventDefault(); setPage((p) => ({ ...p, page: 1 })); setQuery(name.trim()); }}>
        <InputText value={name} placeholder={t('resource.picker.search')} aria-label={t('resource.picker.search')} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" size="small" outlined icon="pi pi-search" aria-label={t('resource.picker.search')} />
        {allows(perms, 'cms:resource:add') ? <Button type="button" size="small" icon="pi pi-upload" label={t('resource.picker.uploadNew')} onClick={() => setUploading(true)} /> : null}
      </form>
      <div className="library-grid" aria-busy={loading}>
        {rows.map((item) => (
          <LibraryTile key={item.resourceId} item={item} selected={selected?.resourceId === item.resourceId} onClick={() => setSelected(item)} onDoubleClick={() => onPick(item)} />
        ))}
        {!loading && !rows.length ? <p className="library-empty">{t('resource.picker.empty')}</p> : null}
      </div>
      <Pagination total={total} value={page} onChange={setPage} />
      {uploading ? <UploadDialog fixedType={type} siteId={siteId} onHide={() => setUploading(false)} onUploaded={(item) => { setUploading(false); onPick(item); }} /> : null}
    </Dialog>
    </span>
  );
}
