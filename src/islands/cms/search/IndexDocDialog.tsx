import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { useT, useTranslate } from '../../../lib/i18n/react.ts';
import '../../../lib/i18n/ns/contentList.ts';
import { CONTENT_TYPES } from '../../../../shared/cms/content.ts';
import searchNs from '../../../lib/i18n/ns/search.ts';
import { displayDateTime } from '../../../lib/datetime.ts';
import { indexedDoc, type IndexedDoc } from './search-api.ts';

const FIELDS = ['contentId', 'title', 'subTitle', 'catalogName', 'contentType', 'author', 'tags', 'summary', 'publishDate', 'indexedAt'] as const;
const DATES = new Set(['publishDate', 'indexedAt']);

const shown = (key: string, v: unknown) => (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length) ? '—' : DATES.has(key) ? displayDateTime(String(v)) : Array.isArray(v) ? v.join(', ') : String(v));
const isType = (v: unknown): v is string => (CONTENT_TYPES as readonly unknown[]).includes(v);

/** One content's indexed document (GET /cms/search/content/{id}): its fields, its plain body and its terms. */
export function IndexDocDialog({ contentId, title, onClose }: { contentId: number; title: string; onClose(): void }) {
  const t = useT(searchNs);
  const tr = useTranslate();
  const [doc, setDoc] = useState<IndexedDoc | null>(null);
  useEffect(() => {
    void indexedDoc(contentId).then(setDoc, onClose);
  }, [contentId]);
  return (
    <Dialog
      header={t('doc.title', { title })}
      visible
      onHide={onClose}
      style={{ width: 'min(56rem, 96vw)' }}
      data-testid="search-doc"
      footer={<Button label={t('doc.close')} size="small" onClick={onClose} />}
    >
      {doc ? (
        <>
          <dl className="search-doc-fields">
            {FIELDS.map((k) => (
              <div key={k}>
                <dt>{t(`doc.fields.${k}`)}</dt>
                <dd>{k === 'contentType' && isType(doc[k]) ? tr(`contentList:types.${doc[k]}`) : shown(k, doc[k])}</dd>
              </div>
            ))}
          </dl>
          <h3 className="search-doc-heading">{t('doc.fields.body')}</h3>
          <pre className="search-doc-text" tabIndex={0} aria-label={t('doc.fields.body')}>{String(doc.body ?? '')}</pre>
          <h3 className="search-doc-heading">{t('doc.fields.tsv')}</h3>
          <pre className="search-doc-text" tabIndex={0} aria-label={t('doc.fields.tsv')} data-testid="search-doc-terms">{doc.tsv}</pre>
        </>
      ) : (
        <p>…</p>
      )}
    </Dialog>
  );
}
