import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { DictTag, useDict } from '../../../components/widgets/DictTag.tsx';

const text = (key: string, params?: Record<string, unknown>) => translate(`screens:comment.${key}`, params);
const field = (name: string) => translate(`screens:comment.fields.${name}`);

interface Page {
  rows: Record<string, unknown>[];
  total: number;
}

/**
 * A comment's replies (listed flat, as readers see them, each "reply to X") or its likes (who and
 * when), read from the console's routes on the current site. Texts are shown as text.
 */
export function CommentDetailDialog({ commentId, kind, onClose }: { commentId: number; kind: 'replies' | 'likes'; onClose(): void }) {
  const [page, setPage] = useState<Page | null>(null);
  const statuses = useDict('CommentAuditStatus');
  useEffect(() => {
    const url = kind === 'replies' ? `/comment/reply/${commentId}` : `/comment/like/${commentId}`;
    void http.get<Page>(url, { pageSize: 100 }).then((r) => setPage(r.data ?? { rows: [], total: 0 })).catch(() => setPage({ rows: [], total: 0 }));
  }, [commentId, kind]);
  const title = text(kind === 'replies' ? 'repliesOf' : 'likesOf', { id: commentId });
  return (
    <Dialog header={title} visible onHide={onClose} style={{ width: 'min(44rem, 96vw)' }} data-testid={`comment-${kind}-dialog`}>
      {!page ? null : !page.rows.length ? <p>{text('none')}</p> : kind === 'replies' ? (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {page.rows.map((r) => (
            <li key={String(r.commentId)} style={{ padding: '0.5rem 0', borderBottom: '1px solid var(--surface-border, #ddd)' }}>
              <div>
                <strong>{String(r.nickName || text('anonymous'))}</strong>
                {r.replyNickName ? <span className="text-color-secondary"> · {text('replyTo', { name: String(r.replyNickName) })}</span> : null}
                <span className="text-color-secondary"> · {String(r.commentTime ?? '')}</span>
              </div>
              <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '0.25rem 0 0' }}>{String(r.content ?? '')}</p>
              <small className="text-color-secondary">{field('auditStatus')}: <DictTag options={statuses} value={r.auditStatus} /> · {field('delFlag')}: {text(`delFlag_${String(r.delFlag)}`)}</small>
            </li>
          ))}
        </ul>
      ) : (
        <table className="w-full">
          <thead><tr><th scope="col" style={{ textAlign: 'start' }}>{field('nickName')}</th><th scope="col" style={{ textAlign: 'start' }}>{text('likedAt')}</th></tr></thead>
          <tbody>
            {page.rows.map((r) => <tr key={String(r.uid)}><td>{String(r.nickName ?? '')}</td><td>{String(r.likeTime ?? '')}</td></tr>)}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
