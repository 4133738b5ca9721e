import { Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $progressAsked, $publishCount, $publishProgress, clearPublishTasks, fetchPublishProgress, fetchTaskCount, refreshPublishCount, watchPublish } from '../../stores/publish.ts';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { message } from '../../stores/notify.ts';
import { announce } from '../../stores/announcer.ts';
import { publishDoneText } from './publish-said.ts';
import { useOnce } from './use-once.ts';
import { lazyInShell } from '../../components/shell/lazy-in-shell.tsx';

// The progress view loads when first opened.
const PublishProgressDialog = lazyInShell(() => import('./PublishProgressDialog.tsx').then((m) => m.PublishProgressDialog));

/**
 * Publish tasks in flight (spec §4): shown while the count is above 0, with a clear button; its
 * label opens the progress view. When a run ends with failed pages, it stays as a failure badge
 * that opens the same view, until the view has been seen. A screen that queued a publish opens
 * the view on its site's run ($progressAsked).
 */
export function PublishIndicator() {
  const t = useT(shell);
  const count = useStore($publishCount);
  const progress = useStore($publishProgress);
  const asked = useStore($progressAsked);
  const [open, setOpen] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (asked) setOpen(true);
  }, [asked]);
  // The site whose run the open view shows: one a screen asked for, else the current one.
  const viewed = open ? asked?.siteId : undefined;
  const opened = useOnce(open);
  const [seen, setSeen] = useState<string | null>(null);
  const last = useRef(0);
  useEffect(() => {
    void refreshPublishCount();
    return watchPublish({
      fetchCount: fetchTaskCount,
      storage: localStorage,
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearInterval: (id) => window.clearInterval(id as number),
    });
  }, []);
  // A run just ended: learn whether pages failed (of the run the view shows, when open). With the
  // view closed, screen readers hear it here (the open view says it itself).
  useEffect(() => {
    if (last.current > 0 && count === 0) {
      void fetchPublishProgress(viewed).then((p) => {
        if (p && p.total > 0 && !openRef.current) announce(publishDoneText(t, p));
      });
    }
    last.current = count;
  }, [count]);
  const clear = async () => {
    await clearPublishTasks(viewed);
    message.success(t('publish.cleared'));
    await refreshPublishCount();
  };
  const failedUnseen = count <= 0 && !!progress && progress.failed > 0 && seen !== progress.startTime;
  const show = opened ? (
    <Suspense fallback={null}>
      <PublishProgressDialog
        visible={open}
        siteId={viewed}
        siteName={open ? asked?.siteName : undefined}
        onHide={() => {
          setOpen(false);
          $progressAsked.set(null);
          setSeen($publishProgress.get()?.startTime ?? null);
        }}
        onClear={clear}
      />
    </Suspense>
  ) : null;
  const badge = count <= 0 && !failedUnseen ? null : (
    <span className={failedUnseen ? 'shell-publish shell-publish-failed' : 'shell-publish'} data-testid="publish-indicator">
      <button type="button" className="shell-publish-open" onClick={() => setOpen(true)} title={t('publish.open')} aria-haspopup="dialog">
        <i className={failedUnseen ? 'pi pi-exclamation-triangle' : 'pi pi-spin pi-spinner'} aria-hidden="true" />
        <span>{failedUnseen ? t('publish.failedBadge', { count: progress!.failed }) : t('publish.tasks', { count })}</span>
      </button>
      {!failedUnseen && (
        <button type="button" className="shell-publish-clear" onClick={() => void clear().catch(() => undefined)} title={t('publish.clear')} aria-label={t('publish.clear')}>
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      )}
    </span>
  );
  // One shape whether the badge shows or not: the open view is not drawn anew (losing what it has
  // said) when the count drops to 0.
  return (
    <>
      {badge}
      {show}
    </>
  );
}
