import { useEffect, useId, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useT } from '../../lib/i18n/react.ts';
import review from '../../lib/i18n/ns/review.ts';
import { decide, type Decision, type ReviewTask } from './review-api.ts';

interface Props {
  /** the task and the decision asked for; null: closed */
  asked: { task: ReviewTask; decision: Decision } | null;
  onHide(): void;
  onDecided(task: ReviewTask, decision: Decision): void;
}

/**
 * Approve or reject one task with a comment. A rejection needs one (said here before asking the
 * server); whatever the server refuses (already decided, own submission…) is shown in the dialog.
 */
export function DecisionDialog({ asked, onHide, onDecided }: Props) {
  const t = useT(review);
  const ids = { comment: useId(), error: useId() };
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setComment('');
    setError('');
  }, [asked]);
  if (!asked) return null;
  const { task, decision } = asked;
  const submit = async () => {
    const text = comment.trim();
    if (decision === 'reject' && !text) {
      setError(t('dialog.commentRequired'));
      return;
    }
    setBusy(true);
    try {
      await decide(task.taskId, decision, text);
      onDecided(task, decision);
    } catch (e) {
      // the request core's RequestError carries the server's localized refusal
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const footer = (
    <>
      <Button type="button" text label={t('dialog.cancel')} onClick={onHide} disabled={busy} />
      <Button type="button" label={t('dialog.confirm')} severity={decision === 'reject' ? 'danger' : undefined} loading={busy} onClick={() => void submit()} data-testid="review-confirm" />
    </>
  );
  return (
    <Dialog visible onHide={onHide} header={t(`dialog.${decision}`, { title: task.title })} footer={footer} style={{ width: 'min(32rem, 94vw)' }} data-testid="review-dialog">
      <p className="review-step">{t('dialog.step', { step: task.step })}</p>
      <label htmlFor={ids.comment} className="review-comment-label">
        {t('dialog.comment')}
        {decision === 'approve' ? <span className="review-muted"> ({t('dialog.commentOptional')})</span> : null}
      </label>
      <InputTextarea
        id={ids.comment} value={comment} rows={4} autoFocus className="review-comment" maxLength={1000}
        onChange={(e) => { setComment(e.target.value); setError(''); }}
        aria-required={decision === 'reject'} aria-invalid={!!error} aria-describedby={error ? ids.error : undefined}
        data-testid="review-comment"
      />
      {error ? <small id={ids.error} className="p-error review-error" role="alert">{error}</small> : null}
    </Dialog>
  );
}
