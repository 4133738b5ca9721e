import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import type { ResourceExtensions, ScreenApi } from '../types.ts';

const CommentDetailDialog = lazy(() => import('./CommentDetailDialog.tsx').then((m) => ({ default: m.CommentDetailDialog })));
const text = (key: string, params?: Record<string, unknown>) => translate(`screens:comment.${key}`, params);
const AUDIT_KEY = 'comment:comment:audit';
const REMOVE_KEY = 'comment:comment:remove';

/** A batch on the selected comments (audit, recover), then the list again. */
async function batch(screen: ScreenApi, url: string, body: unknown, done: string) {
  const n = screen.selection.length;
  try {
    await http.post(url, body, { headers: { repeatSubmit: false } });
    message.success(text(done, { count: n }));
  } finally {
    screen.reload();
  }
}

const ids = (screen: ScreenApi) => screen.selection.map((r) => Number(r.commentId));

/** A row's replies or likes, in a dialog. */
function DetailButton({ row, kind }: { row: Row; kind: 'replies' | 'likes' }) {
  const [open, setOpen] = useState(false);
  const id = Number(row.commentId);
  return (
    <>
      <Button text size="small" icon={kind === 'replies' ? 'pi pi-comments' : 'pi pi-thumbs-up'} label={text(kind)} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid={`comment-${kind}-${id}`} />
      {open ? (
        <Suspense fallback={null}>
          <CommentDetailDialog commentId={id} kind={kind} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The Comment screen (/operations/comment): the selected comments passed or not passed
 * (comment:comment:audit) and recovered (comment:comment:remove, as deleting them); the member
 * named (anonymous readers as such); a row's replies and likes in a dialog. A comment is text:
 * React escapes it, a `<script>` shows as those characters.
 */
export const commentExtensions: ResourceExtensions = {
  selectable: true,
  toolbar: (screen) => (
    <>
      <HasPermi anyOf={[AUDIT_KEY]}>
        <Button size="small" outlined severity="success" icon="pi pi-check" label={text('auditPass')} disabled={!screen.selection.length}
          onClick={() => void batch(screen, '/comment/audit', { commentIds: ids(screen), auditStatus: '1' }, 'audited')} data-testid="comment-audit-pass" />
        <Button size="small" outlined severity="warning" icon="pi pi-times" label={text('auditNotPass')} disabled={!screen.selection.length}
          onClick={() => void batch(screen, '/comment/audit', { commentIds: ids(screen), auditStatus: '2' }, 'audited')} data-testid="comment-audit-not-pass" />
      </HasPermi>
      <HasPermi anyOf={[REMOVE_KEY]}>
        <Button size="small" outlined severity="help" icon="pi pi-replay" label={text('recover')} disabled={!screen.selection.some((r) => r.delFlag === 'Y')}
          onClick={() => void batch(screen, '/comment/recover', ids(screen), 'recovered')} data-testid="comment-recover" />
      </HasPermi>
    </>
  ),
  columns: {
    nickName: (row) => (row.uid == null ? <span className="text-color-secondary">{text('anonymous')}</span> : <span>{String(row.nickName ?? '')}</span>),
  },
  rowActions: (row) => (
    <>
      {Number(row.parentId) === 0 ? <DetailButton row={row} kind="replies" /> : null}
      <DetailButton row={row} kind="likes" />
    </>
  ),
};
