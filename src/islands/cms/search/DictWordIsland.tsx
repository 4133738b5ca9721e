import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useEffect, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useT, useTranslate } from '../../../lib/i18n/react.ts';
import searchNs from '../../../lib/i18n/ns/search.ts';
import { displayDateTime } from '../../../lib/datetime.ts';
import { DataGrid } from '../../../components/widgets/DataGrid.tsx';
import { Pagination } from '../../../components/widgets/Pagination.tsx';
import { SelectInput } from '../../../components/widgets/SelectInput.tsx';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { ACTIONS_COLUMN } from '../../resource/actions-column.ts';
import { IconAction, IconActionTips } from '../content/IconAction.tsx';
import { useViewGuard } from '../use-view-guard.ts';
import { AnalyzeBox } from './AnalyzeBox.tsx';
import { AddWordsForm } from './AddWordsForm.tsx';
import * as api from './search-api.ts';
import '../../resource/resource.css';
import './search.css';

const PERMS = { view: 'search:dict:view', add: 'search:dict:add', remove: 'search:dict:remove' };

/**
 * /admin/configs/dictWord (menu 2052, component search/dictWord): the current site's custom words
 * (kept whole when segmenting) and stop words (never indexed nor searched), filtered by type; added
 * several at once, deleted; beside them the Analyze box showing how a text is segmented with them.
 * Changes take effect at once (the server forgets the site's cached words).
 */
export default function DictWordIsland() {
  useViewGuard(PERMS.view);
  const t = useT(searchNs);
  const tr = useTranslate();
  const perms = usePermissions();
  const [wordType, setWordType] = useState<api.WordType | ''>('');
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [list, setList] = useState<{ rows: api.DictWord[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [selection, setSelection] = useState<api.DictWord[]>([]);
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState(false);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api.dictWords({ wordType: wordType || undefined, query: query || undefined, pageNum: page.page, pageSize: page.limit })
      .then((r) => live && (setList(r), setSelection([])))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [wordType, query, page, version]);

  const remove = async (rows: api.DictWord[]) => {
    if (!(await askToConfirm(t('dict.confirmRemove', { count: rows.length })))) return;
    const res = await api.removeDictWords(rows.map((r) => r.wordId)).catch(() => null);
    if (!res) return;
    message.success(t('dict.removed', { count: res.data?.removed ?? rows.length }));
    reload();
  };
  const add = async (type: api.WordType, words: string[]) => {
    const res = await api.addDictWords(type, words).catch(() => null);
    if (!res) return;
    message.success(t('dict.added', { count: res.data?.added ?? 0 }));
    setAdding(false);
    reload();
  };
  const typeOptions = api.WORD_TYPES.map((w) => ({ value: w, label: t(`dict.types.${w}`) }));

  return (
    <PrimeReactProvider>
      <div className="search-dict-screen" data-testid="search-dict">
        <section className="resource-screen search-dict-list" aria-label={t('dict.caption')}>
          <form className="resource-search" role="search" aria-label={t('dict.caption')} onSubmit={(e) => { e.preventDefault(); setQuery(draft.trim()); setPage((p) => ({ ...p, page: 1 })); }}>
            <div className="resource-search-item">
              <label htmlFor="search-dict-type">{t('dict.wordType')}</label>
              <SelectInput inputId="search-dict-type" value={wordType || null} options={typeOptions} showClear placeholder={t('dict.all')}
                onChange={(v) => { setWordType((v ?? '') as api.WordType | ''); setPage((p) => ({ ...p, page: 1 })); }} />
            </div>
            <div className="resource-search-item">
              <label htmlFor="search-dict-query">{t('dict.word')}</label>
              <InputText id="search-dict-query" value={draft} onChange={(e) => setDraft(e.target.value)} />
            </div>
            <div className="resource-search-item resource-search-buttons">
              <Button type="submit" size="small" icon="pi pi-search" label={t('dict.search')} />
            </div>
          </form>
          <div className="search-toolbar">
            <HasPermi anyOf={[PERMS.add]}>
              <Button size="small" icon="pi pi-plus" label={t('dict.add')} aria-expanded={adding} onClick={() => setAdding((a) => !a)} data-testid="search-dict-add-open" />
            </HasPermi>
            <HasPermi anyOf={[PERMS.remove]}>
              <Button size="small" outlined severity="danger" icon="pi pi-trash" label={t('dict.removeSelected')} disabled={!selection.length} onClick={() => void remove(selection)} />
            </HasPermi>
          </div>
          {adding ? <AddWordsForm initialType={wordType || 'WORD'} onAdd={add} onCancel={() => setAdding(false)} /> : null}
          <IconActionTips within="search-dict-table" rows={list.rows} />
          <DataGrid
            className="resource-table search-dict-table"
            testId="search-dict-table"
            caption={t('dict.caption')}
            rows={list.rows}
            rowKey={(r) => r.wordId}
            rowName={(r) => r.word}
            loading={loading}
            selectable={allows(perms, PERMS.remove)}
            selection={selection}
            onSelection={setSelection}
            emptyMessage={t('dict.empty')}
            columns={[
              { key: 'word', header: t('dict.word'), body: (r) => r.word, style: { minWidth: '8rem' } },
              { key: 'type', header: t('dict.wordType'), body: (r) => <Tag value={t(`dict.types.${r.wordType}`)} severity={r.wordType === 'STOP' ? 'warning' : 'info'} /> },
              { key: 'createBy', header: t('dict.createBy'), body: (r) => r.createBy, bodyClassName: 'resource-cell-nowrap' },
              { key: 'createTime', header: t('dict.createTime'), body: (r) => displayDateTime(r.createTime), bodyClassName: 'resource-cell-nowrap' },
              allows(perms, PERMS.remove) && {
                key: 'actions', header: tr('resource:actions'), ...ACTIONS_COLUMN,
                body: (r) => <div className="resource-row-actions"><IconAction label={t('dict.remove')} icon="pi-trash" severity="danger" onClick={() => void remove([r])} /></div>,
              },
            ]}
          />
          <Pagination total={list.total} value={page} onChange={setPage} />
        </section>
        <div className="resource-screen search-dict-side">
          <AnalyzeBox />
        </div>
      </div>
    </PrimeReactProvider>
  );
}
