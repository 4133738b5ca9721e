import { Button } from 'primereact/button';
import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import review from '../../../lib/i18n/ns/review.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import type { ContentEditorApi } from './use-content-editor.ts';

/** What the user must know before typing: a lock by someone else, a local draft to restore, a mapping. */
export function Banners({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const tr = useT(review);
  const d = ed.offered;
  const s = ed.state;
  return (
    <>
      {ed.lockedBy ? (
        <div className="ce-banner ce-banner-lock" role="status" data-testid="ce-locked">
          <i className="pi pi-lock" aria-hidden="true" /> {t('banners.locked', { user: ed.lockedBy })}
        </div>
      ) : null}
      {ed.inReview ? (
        <div className="ce-banner ce-banner-review" role="status" data-testid="ce-in-review">
          <i className="pi pi-hourglass" aria-hidden="true" /> {tr('history.inReview')}
        </div>
      ) : null}
      {!ed.lockedBy && !ed.canSave ? <div className="ce-banner" role="status">{t('banners.noRight')}</div> : null}
      {s?.copyType === 2 ? <div className="ce-banner" role="status"><i className="pi pi-link" aria-hidden="true" /> {t('banners.mapping')}</div> : null}
      {d && !ed.readOnly ? (
        <div className="ce-banner ce-banner-draft" role="status" data-testid="ce-draft">
          <i className="pi pi-history" aria-hidden="true" />
          <span>
            {t('banners.draft', { time: formatDateTime(d.savedAt) })}
            {s && d.baseVersion && d.baseVersion < s.version ? ` ${t('banners.draftOlder', { user: s.updateBy ?? '?', time: s.updateTime ?? '' })}` : ''}
          </span>
          <Button type="button" size="small" label={t('banners.restore')} onClick={ed.draftActions.restore} data-testid="ce-draft-restore" />
          <Button type="button" size="small" text label={t('banners.discard')} onClick={ed.draftActions.discard} />
        </div>
      ) : null}
    </>
  );
}
