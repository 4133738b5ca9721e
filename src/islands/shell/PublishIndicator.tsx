import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $publishCount, clearPublishTasks, fetchTaskCount, refreshPublishCount, watchPublish } from '../../stores/publish.ts';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { message } from '../../stores/notify.ts';

/** Publish tasks in flight (spec §4): shown while the count is above 0, with a clear button. */
export function PublishIndicator() {
  const t = useT(shell);
  const count = useStore($publishCount);
  useEffect(() => {
    void refreshPublishCount();
    return watchPublish({
      fetchCount: fetchTaskCount,
      storage: localStorage,
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearInterval: (id) => window.clearInterval(id as number),
    });
  }, []);
  if (count <= 0) return null;
  const clear = async () => {
    await clearPublishTasks();
    message.success(t('publish.cleared'));
    await refreshPublishCount();
  };
  return (
    <span className="shell-publish" data-testid="publish-indicator">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      <span>{t('publish.tasks', { count })}</span>
      <button type="button" className="shell-publish-clear" onClick={() => void clear().catch(() => undefined)} title={t('publish.clear')} aria-label={t('publish.clear')}>
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </span>
  );
}
