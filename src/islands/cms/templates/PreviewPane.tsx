import { useEffect, useMemo, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { Button } from 'primereact/button';
import { useT } from '../../../lib/i18n/react.ts';
import templates from '../../../lib/i18n/ns/templates.ts';
import { flatten } from '../../../lib/cms/catalog-tree.ts';
import { fetchTree } from '../../../components/cms/catalog-api.ts';
import { searchContents, type ContentHit } from '../editor/editor-api.ts';
import type { CodeDocument } from '../../../lib/code/code-document.ts';
import { previewTemplate, type PreviewReply } from './templates-api.ts';
import { previewSandbox } from '../../../lib/cms/preview-link.ts';
import { RequestError } from '../../../lib/request.ts';

type Kind = 'home' | 'catalog' | 'content';

interface Props {
  pipeCode: string;
  path: string;
  doc: CodeDocument;
  /** the page types the template renders: the first decides which page is shown at first */
  pageTypes: readonly string[];
}

/** How long typing pauses before the preview renders again. */
const RENDER_DELAY_MS = 600;

/**
 * The live preview (issue 11 §2): the page chosen — the home page, a catalog's list or a content's
 * page — rendered by the server with the editor's text, saved or not (POST /cms/template/preview,
 * which writes nothing to the site), framed from the sites' port under a short-lived ticket (the
 * text never travels in a URL, the page never runs on the console's origin; its links open new
 * tabs). It renders again when typing pauses and when another page is chosen.
 */
export function PreviewPane({ pipeCode, path, doc, pageTypes }: Props) {
  const t = useT(templates);
  const [kind, setKind] = useState<Kind>(pageTypes.includes('content') ? 'content' : pageTypes.includes('catalog') ? 'catalog' : 'home');
  const [catalogs, setCatalogs] = useState<{ label: string; value: number }[]>([]);
  const [contents, setContents] = useState<ContentHit[]>([]);
  const [catalogId, setCatalogId] = useState<number | null>(null);
  const [contentId, setContentId] = useState<number | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [reply, setReply] = useState<PreviewReply | null>(null);
  const [busy, setBusy] = useState(false);
  /** why the last render failed (the server's words: a time limit, too many previews), or null */
  const [failed, setFailed] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    void fetchTree({ disableLink: true }).then(({ rows }) => {
      const options = flatten(rows).filter((n) => !n.disabled && n.props.catalogType !== 'link')
        .map((n) => ({ label: `${'\u00a0\u00a0'.repeat(Math.max(0, n.props.treeLevel - 1))}${n.label}`, value: n.id }));
      setCatalogs(options);
      setCatalogId((id) => id ?? options[0]?.value ?? null);
    }).catch(() => undefined);
    void searchContents({ title: '', pageNum: 1, pageSize: 50 }).then(({ rows }) => {
      setContents(rows);
      setContentId((id) => id ?? rows[0]?.contentId ?? null);
    }).catch(() => undefined);
  }, []);

  const target = useMemo(() => (kind === 'catalog' ? (catalogId ? { catalogId, pageNo } : null) : kind === 'content' ? (contentId ? { contentId, pageNo } : null) : { pageNo }), [kind, catalogId, contentId, pageNo]);
  const text = doc.text;
  useEffect(() => {
    if (!target) return;
    let live = true;
    const timer = setTimeout(() => {
      setBusy(true);
      previewTemplate(pipeCode, path, text, target)
        .then((r) => { if (live) { setReply(r); setFailed(null); } })
        .catch((err: unknown) => { if (live) setFailed(err instanceof RequestError && err.message ? err.message : t('preview.failed')); })
        .finally(() => { if (live) setBusy(false); });
    }, RENDER_DELAY_MS);
    return () => { live = false; clearTimeout(timer); };
  }, [pipeCode, path, text, target, round, t]);

  const kinds: { label: string; value: Kind }[] = [{ label: t('preview.home'), value: 'home' }, { label: t('preview.catalog'), value: 'catalog' }, { label: t('preview.content'), value: 'content' }];
  return (
    <div className="bench-preview" data-testid="bench-preview">
      <div className="bench-preview-bar">
        <Dropdown value={kind} options={kinds} onChange={(e) => { setKind(e.value as Kind); setPageNo(1); }} aria-label={t('preview.page')} data-testid="bench-preview-kind" />
        {kind === 'catalog' ? (
          <Dropdown value={catalogId} options={catalogs} onChange={(e) => setCatalogId(e.value as number)} filter placeholder={t('preview.chooseCatalog')} className="bench-preview-object" data-testid="bench-preview-catalog" />
        ) : null}
        {kind === 'content' ? (
          <Dropdown value={contentId} options={contents} optionLabel="title" optionValue="contentId" onChange={(e) => setContentId(e.value as number)} filter placeholder={t('preview.contentId')} className="bench-preview-object" data-testid="bench-preview-content" />
        ) : null}
        <InputNumber value={pageNo} min={1} max={100000} onValueChange={(e) => setPageNo(e.value ?? 1)} size={3} aria-label={t('preview.pageNo')} title={t('preview.pageNo')} inputClassName="bench-preview-pageno" />
        <Button type="button" size="small" text icon="pi pi-refresh" aria-label={t('preview.refresh')} title={t('preview.refresh')} loading={busy} onClick={() => setRound(round + 1)} />
      </div>
      <small className="bench-preview-note">{t('preview.unsavedNote')}</small>
      {failed ? <p className="bench-preview-problem" role="alert" data-testid="bench-preview-failed">{failed}</p> : null}
      {reply && !reply.ok ? (
        <p className="bench-preview-problem" role="alert" data-testid="bench-preview-problem">{t('preview.problem', { ...reply.problem })}</p>
      ) : null}
      {reply?.ok && !reply.usesTemplate ? <p className="bench-preview-warn">{t('preview.notUsed', { template: reply.template })}</p> : null}
      <iframe
        className="bench-preview-frame"
        title={t('preview.frameTitle')}
        sandbox={previewSandbox(false)}
        src={reply?.ok ? reply.frameUrl : 'about:blank'}
        referrerPolicy="no-referrer"
        data-testid="bench-preview-frame"
        data-busy={busy ? 'true' : 'false'}
      />
    </div>
  );
}
