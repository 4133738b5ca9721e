import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useCallback, useEffect, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { SkeletonBar } from '../../../components/widgets/SkeletonBar.tsx';
import { Tag } from 'primereact/tag';
import { useT } from '../../../lib/i18n/react.ts';
import cms from '../../../lib/i18n/ns/cms.ts';
import { http, RequestError } from '../../../lib/request.ts';
import { previewApi, previewRoute, previewSandbox, targetOfQuery, type PreviewTarget } from '../../../lib/cms/preview-link.ts';
import { hrefOf } from '../../../lib/routes/navigation.ts';
import type { PreviewReply } from '../../../../shared/validators/preview.ts';
import './preview.css';

type Width = 'desktop' | 'phone';

/**
 * /cms/preview?type=&id=&pp=&pi=&chapter= (spec §2 /cms/preview): a site's home page, a catalog's
 * page N or a content's page N (or a book chapter) as it would be published, drafts included. The
 * page's facts come with the session's Bearer header (never a token in a URL); the page itself is
 * framed from the sites' port under a ticket of a few minutes (`frameUrl`), so its HTML, scripts
 * and images are on the sites' origin, never this one. Links inside it that lead to other previews
 * move this page (the server marks them `_top`; Back comes back); links elsewhere open a new tab.
 */
export default function PreviewIsland() {
  const t = useT(cms);
  const [target, setTarget] = useState<PreviewTarget | null | undefined>(undefined);
  const [reply, setReply] = useState<PreviewReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [width, setWidth] = useState<Width>('desktop');

  useEffect(() => {
    const read = () => setTarget(targetOfQuery(location.search));
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);

  const load = useCallback(async (to: PreviewTarget) => {
    setLoading(true);
    setError(null);
    try {
      const { path, params } = previewApi(to);
      const r = await http.get<PreviewReply>(path, params, { quiet: true });
      setReply(r.data ?? null);
    } catch (err) {
      setReply(null);
      setError(err instanceof RequestError ? err.message : t('preview.failed'));
    } finally {
      setLoading(false);
    }
  }, [t]);
  useEffect(() => {
    if (target) void load(target);
  }, [target, load]);

  /** Moves the preview to another page, as a new history entry of this page. */
  const show = useCallback((to: PreviewTarget) => {
    history.pushState(history.state, '', hrefOf(previewRoute(to)));
    setTarget(to);
  }, []);

  const pageBar = reply && reply.pageTotal > 1 ? (
    <span className="preview-pages" data-testid="preview-pages">
      <Button type="button" size="small" text icon="pi pi-angle-left" aria-label="‹" disabled={reply.pageNo <= 1} onClick={() => target && show({ ...target, pi: reply.pageNo - 1 })} />
      <span>{t('preview.page', { pageNo: reply.pageNo, pageTotal: reply.pageTotal })}</span>
      <Button type="button" size="small" text icon="pi pi-angle-right" aria-label="›" disabled={reply.pageNo >= reply.pageTotal} onClick={() => target && show({ ...target, pi: reply.pageNo + 1 })} />
    </span>
  ) : null;

  let body;
  if (target === null) body = <p className="preview-note" role="alert">{t('preview.nothing')}</p>;
  else if (error) body = <p className="preview-note preview-error" role="alert" data-testid="preview-error">{error}</p>;
  else if (!reply) body = <SkeletonBar height="calc(100vh - 190px)" />;
  else {
    body = (
      <div className={`preview-stage preview-${width}`}>
        <iframe className="preview-frame" title={t('preview.frameTitle', { name: reply.title })} sandbox={previewSandbox(true)} src={reply.frameUrl} referrerPolicy="no-referrer" data-testid="preview-frame" />
      </div>
    );
  }

  const widths = [
    { value: 'desktop', icon: 'pi pi-desktop', label: t('preview.desktop') },
    { value: 'phone', icon: 'pi pi-mobile', label: t('preview.phone') },
  ];
  return (
    <PrimeReactProvider>
      <section className="preview-page" data-testid="preview-page">
        <header className="preview-bar">
          <Button type="button" size="small" text icon="pi pi-arrow-left" label={t('preview.back')} onClick={() => history.back()} />
          {reply ? (
            <span className="preview-what">
              <Tag severity="info" value={t(`preview.kind_${reply.type}`)} />
              <strong data-testid="preview-title" title={reply.title}>{reply.title}</strong>
            </span>
          ) : <span className="preview-what" />}
          {pageBar}
          <span className="preview-tools">
            {reply && reply.pipes.length > 0 ? (
              <label className="preview-pipe">
                <span>{t('preview.pipe')}</span>
                <Dropdown value={reply.pipeCode} options={reply.pipes.map((p) => ({ value: p.code, label: p.name }))} onChange={(e) => target && show({ ...target, pp: e.value as string, pi: undefined })} data-testid="preview-pipe" />
              </label>
            ) : null}
            <SelectButton value={width} options={widths} allowEmpty={false} onChange={(e) => e.value && setWidth(e.value as Width)}
              itemTemplate={(o: { icon: string; label: string }) => <i className={o.icon} title={o.label} aria-label={o.label} />} />
            <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('preview.reload')} loading={loading} disabled={!target} onClick={() => target && void load(target)} />
            {reply?.publishedUrl ? (
              <a className="p-button p-button-sm p-button-outlined preview-published" href={reply.publishedUrl} target="_blank" rel="noopener" data-testid="preview-published">
                <i className="pi pi-external-link" aria-hidden="true" /> <span>{t('preview.openPublished')}</span>
              </a>
            ) : reply ? <small className="preview-unpublished">{t('preview.notPublished')}</small> : null}
          </span>
        </header>
        {reply ? <p className="preview-template">{t('preview.template', { name: reply.template })}</p> : null}
        {body}
      </section>
    </PrimeReactProvider>
  );
}
