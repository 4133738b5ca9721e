import { useEffect, useState, type ReactNode } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { Chip } from 'primereact/chip';
import { useT } from '../../../lib/i18n/react.ts';
import contentNs from '../../../lib/i18n/ns/contentList.ts';
import { displayDateTime } from '../../../lib/datetime.ts';
import { $currentSite } from '../../../stores/site.ts';
import { MAX_COPY_TARGETS, toggleTarget, type ContentRow, type CopyTarget } from '../../../lib/cms/content-list.ts';
import { findNode } from '../../../lib/cms/catalog-tree.ts';
import { DateTimeInput } from '../../../components/widgets/DateTimeInput.tsx';
import { Pagination } from '../../../components/widgets/Pagination.tsx';
import { CatalogTree } from '../../../components/cms/CatalogTree.tsx';
import type { CatalogTreeReply } from '../../../components/cms/catalog-api.ts';
import { listSites, type SiteRow } from '../../shell/site-api.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { listContents, EMPTY_PAGE, type ContentPage } from './content-api.ts';
import { StatusTag, TypeIcon } from './StatusTag.tsx';

interface Shell {
  header: string;
  testId: string;
  width?: string;
  saving: boolean;
  canSubmit: boolean;
  onSubmit(): void;
  onHide(): void;
  children: ReactNode;
}

/** A dialog with OK and Cancel, for the list's actions that need a choice first (the console's form dialog: Esc, mask and Enter as everywhere). */
function ActionDialog({ header, testId, width = '480px', saving, canSubmit, onSubmit, onHide, children }: Shell) {
  return (
    <FormDialog formId={`${testId}-form`} header={header} width={width} testId={testId} saving={saving} submitDisabled={!canSubmit} onSubmit={onSubmit} onHide={onHide}>
      {children}
    </FormDialog>
  );
}

/** Runs a dialog's action; it stays open (the request layer shows why) when the action fails. */
function useRun(run: () => Promise<unknown>) {
  const [saving, setSaving] = useState(false);
  const go = async () => {
    setSaving(true);
    try {
      await run();
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };
  return { saving, go: () => void go() };
}

/** Top with an end time (spec §4): empty keeps it on top until cancelled. */
export function TopDialog({ count, onTop, onHide }: { count: number; onTop(end: Date | null): Promise<unknown>; onHide(): void }) {
  const t = useT(contentNs);
  const [end, setEnd] = useState<Date | null>(null);
  const { saving, go } = useRun(() => onTop(end));
  return (
    <ActionDialog header={t('dialogs.top.title', { count })} testId="content-top-dialog" saving={saving} canSubmit onSubmit={go} onHide={onHide}>
      <div className="resource-form-row">
        <label htmlFor="content-top-end">{t('dialogs.top.endTime')}</label>
        <div className="resource-form-control">
          <DateTimeInput id="content-top-end" value={end} buttonBar onChange={setEnd} placeholder={t('dialogs.top.never')} />
          <small className="catalog-field-hint">{t('dialogs.top.hint')}</small>
        </div>
      </div>
    </ActionDialog>
  );
}

/**
 * Copy or mapping into catalogs of this site or others (spec §9): choose a site, then catalogs in
 * its tree; the chosen ones, from every site, are listed below and go together.
 */
export function CopyDialog({ count, onCopy, onHide }: { count: number; onCopy(targets: CopyTarget[], mapping: boolean): Promise<unknown>; onHide(): void }) {
  const t = useT(contentNs);
  const [sites, setSites] = useState<SiteRow[]>([]);
  const [siteId, setSiteId] = useState($currentSite.get());
  const [tree, setTree] = useState<CatalogTreeReply | null>(null);
  const [targets, setTargets] = useState<CopyTarget[]>([]);
  const [mapping, setMapping] = useState(false);
  const { saving, go } = useRun(() => onCopy(targets, mapping));
  useEffect(() => {
    void listSites({ siteName: '', pageNum: 1, pageSize: 100 }).then((r) => {
      setSites(r.rows);
      if (!$currentSite.get() && r.rows[0]) setSiteId(String(r.rows[0].siteId));
    }).catch(() => undefined);
  }, []);
  const siteName = sites.find((s) => String(s.siteId) === siteId)?.name ?? tree?.siteName ?? '';
  return (
    <ActionDialog header={t('dialogs.copy.title', { count })} testId="content-copy-dialog" width="640px" saving={saving} canSubmit={targets.length > 0} onSubmit={go} onHide={onHide}>
      <div className="content-copy">
        <div className="field-radios content-copy-mode" role="radiogroup" aria-label={t('dialogs.copy.mode')}>
          <label className="field-radio">
            <RadioButton inputId="content-copy-copy" checked={!mapping} onChange={() => setMapping(false)} />
            <span>{t('dialogs.copy.copy')}</span>
          </label>
          <label className="field-radio">
            <RadioButton inputId="content-copy-mapping" checked={mapping} onChange={() => setMapping(true)} />
            <span>{t('dialogs.copy.mapping')}</span>
          </label>
        </div>
        <p className="catalog-field-hint">{t(mapping ? 'dialogs.copy.mappingHint' : 'dialogs.copy.copyHint')}</p>
        <div className="content-copy-site">
          <label htmlFor="content-copy-site">{t('dialogs.copy.site')}</label>
          <Dropdown inputId="content-copy-site" value={siteId} options={sites.map((s) => ({ value: String(s.siteId), label: s.name }))} onChange={(e) => setSiteId(String(e.value))} filter={sites.length > 8} />
        </div>
        <div className="catalog-picker-tree content-copy-tree">
          <CatalogTree
            key={siteId}
            siteId={siteId || undefined}
            disableLink
            selection={targets.filter((x) => x.siteId === siteId).map((x) => x.catalogId)}
            onLoaded={setTree}
            onSelect={(id) => {
              const node = tree ? findNode(tree.rows, id) : undefined;
              if (!node || (targets.length >= MAX_COPY_TARGETS && !targets.some((x) => x.catalogId === id))) return;
              setTargets((list) => toggleTarget(list, { siteId, siteName, catalogId: id, name: node.label }));
            }}
          />
        </div>
        <div className="content-copy-chosen" data-testid="content-copy-chosen">
          <span className="content-copy-chosen-label">{t('dialogs.copy.chosen')}</span>
          {targets.length ? targets.map((x) => (
            <Chip key={x.catalogId} label={`${x.siteName} / ${x.name}`} removable onRemove={() => { setTargets((list) => list.filter((y) => y.catalogId !== x.catalogId)); return true; }} />
          )) : <span className="catalog-field-hint">{t('dialogs.copy.none')}</span>}
        </div>
      </div>
    </ActionDialog>
  );
}

/**
 * Sort (spec §4): the selected content goes just before the one chosen here, from its own
 * catalog's list in its default order, and takes that one's top state.
 */
export function SortDialog({ row, onSort, onHide }: { row: ContentRow; onSort(targetId: number): Promise<unknown>; onHide(): void }) {
  const t = useT(contentNs);
  const [page, setPage] = useState({ page: 1, limit: 10 });
  const [list, setList] = useState<ContentPage>(EMPTY_PAGE);
  const [target, setTarget] = useState<number | null>(null);
  const { saving, go } = useRun(() => onSort(target!));
  useEffect(() => {
    void listContents({ catalogId: row.catalogId, pageNum: page.page, pageSize: page.limit }).then(setList).catch(() => undefined);
  }, [row.catalogId, page]);
  return (
    <ActionDialog header={t('dialogs.sort.title', { title: row.title })} testId="content-sort-dialog" width="640px" saving={saving} canSubmit={target !== null} onSubmit={go} onHide={onHide}>
      <p className="catalog-field-hint">{t('dialogs.sort.hint')}</p>
      <ul className="content-sort-list" role="radiogroup">
        {list.rows.map((r) => (
          <li key={r.contentId} className={r.contentId === row.contentId ? 'is-self' : undefined}>
            <label className="content-sort-item">
              <RadioButton inputId={`content-sort-${r.contentId}`} checked={target === r.contentId} disabled={r.contentId === row.contentId} onChange={() => setTarget(r.contentId)} />
              <TypeIcon type={r.contentType} />
              <span className="content-sort-title">{r.title}</span>
              {r.topFlag > 0 ? <span className="content-sort-top">{t('marks.top')}</span> : null}
              <StatusTag value={r.status} />
              <span className="content-sort-date">{displayDateTime(r.publishDate ?? r.createTime ?? '')}</span>
            </label>
          </li>
        ))}
      </ul>
      <Pagination total={list.total} capped={list.totalCapped} value={page} onChange={setPage} autoScroll={false} />
    </ActionDialog>
  );
}
