import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/react.ts';
import review from '../../../lib/i18n/ns/review.ts';
import { displayDateTime } from '../../../lib/datetime.ts';
import { fetchHistory, type ReviewHistoryRow } from '../../workflow/review-api.ts';
import { Section } from './Field.tsx';

/**
 * The content's review history (docs/review-workflows.md): who submitted, approved, rejected or
 * published it, when, at which step, with which comment; oldest first. Drawn only when there is
 * some; asked again when the content's status changes (a submission, a decision seen on reload).
 */
export function ReviewHistory({ contentId, status }: { contentId: number; status: string | undefined }) {
  const t = useT(review);
  const [rows, setRows] = useState<ReviewHistoryRow[]>([]);
  useEffect(() => {
    if (!contentId) return;
    let live = true;
    void fetchHistory(contentId).then((r) => live && setRows(r), () => undefined);
    return () => {
      live = false;
    };
  }, [contentId, status]);
  if (!rows.length) return null;
  return (
    <Section title={t('history.heading')} testId="ce-review-history" className="ce-review-history">
      <ol className="ce-review-list">
        {rows.map((r, i) => (
          <li key={i} className={`ce-review-item is-${r.action}`}>
            <div className="ce-review-line">
              <strong>{t(`history.${r.action}`)}</strong>
              {r.step ? <span className="ce-review-step">{r.step}</span> : null}
            </div>
            <div className="ce-review-meta">
              {r.userName} · <time dateTime={r.time.replace(' ', 'T')}>{displayDateTime(r.time)}</time>
            </div>
            {r.comment ? <blockquote className="ce-review-comment">{r.comment}</blockquote> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}
