import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Checkbox } from 'primereact/checkbox';
import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import { Pagination } from '../../../components/widgets/Pagination.tsx';
import type { PageState } from '../../../components/widgets/pagination-rules.ts';
import { searchContents, type ContentHit } from './editor-api.ts';
import { StatusTag } from './StatusTag.tsx';
import '../../../components/form/form.css';

interface Props {
  /** ids not offered (the content itself, those already related) */
  exclude: number[];
  onPick(rows: { contentId: number; title: string }[]): void;
  onHide(): void;
}

/** Picks related contents from the site's contents (GET /cms/content/list), searched by title; several at once. */
export function RelatedPicker({ exclude, onPick, onHide }: Props) {
  const t = useT(editorNs);
  const [title, setTitle] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<PageState>({ page: 1, limit: 10 });
  const [rows, setRows] = useState<ContentHit[]>([]);
  const [total, setTotal] = useState(0);
  const [chosen, setChosen] = useState<ContentHit[]>([]);
  useEffect(() => {
    let live = true;
    searchContents({ title: query, pageNum: page.page, pageSize: page.limit }).then((r) => {
      if (!live) return;
      setRows(r.rows);
      setTotal(r.total);
    }).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [query, page]);
  const toggle = (r: ContentHit, on: boolean) => setChosen((c) => (on ? [...c, r] : c.filter((x) => x.contentId !== r.contentId)));
  const footer = (
    <div className="resource-dialog-footer">
      <Button type="button" size="small" label={t('related.addChosen', { count: chosen.length })} disabled={!chosen.length} onClick={() => onPick(chosen.map((r) => ({ contentId: Number(r.contentId), title: r.title })))} />
      <Button type="button" size="small" outlined severity="secondary" label={t('actions.cancel')} onClick={onHide} />
    </div>
  );
  return (
    <Dialog visible header={t('related.title')} footer={footer} onHide={onHide} style={{ width: 'min(720px, 95vw)' }} data-testid="related-picker" blockScroll>
      <form className="ce-picker-bar" onSubmit={(e) => { e.preventDefault(); setPage((p) => ({ ...p, page: 1 })); setQuery(title.trim()); }}>
        <InputText value={title} placeholder={t('related.search')} aria-label={t('related.search')} onChange={(e) => setTitle(e.target.value)} />
        <Button type="submit" size="small" outlined icon="pi pi-search" aria-label={t('related.search')} />
      </form>
      <ul className="ce-picker-list">
        {rows.map((r) => {
          const id = Number(r.contentId);
          const taken = exclude.includes(id);
          return (
            <li key={id} className={taken ? 'is-taken' : undefined}>
              <Checkbox inputId={`rela-${id}`} checked={taken || chosen.some((c) => Number(c.contentId) === id)} disabled={taken} onChange={(e) => toggle(r, !!e.checked)} />
              <label htmlFor={`rela-${id}`}>{r.title}</label>
              <span className="ce-picker-meta">{t(`types.${r.contentType as 'article'}`)}</span>
              <StatusTag status={r.status} />
            </li>
          );
        })}
        {!rows.length ? <li className="ce-muted">{t('related.empty')}</li> : null}
      </ul>
      <Pagination total={total} value={page} onChange={setPage} autoScroll={false} />
    </Dialog>
  );
}
