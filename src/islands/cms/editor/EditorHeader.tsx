import { Button } from 'primereact/button';
import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { editContentUrl, newContentUrl } from '../../../lib/cms/content-list.ts';
import { StatusTag } from './StatusTag.tsx';
import { PreviewButton } from '../../../components/cms/PreviewButton.tsx';
import type { ContentEditorApi } from './use-content-editor.ts';

const TYPE_ICONS = { article: 'pi-file-edit', image: 'pi-images', audio: 'pi-volume-up', video: 'pi-video', book: 'pi-book' } as const;

/**
 * The editor's bar, kept in view while scrolling: what is edited (type, catalog, status, whether
 * it is saved) and the actions: save (Ctrl+S), save and publish, to publish, take offline, preview
 * (what is saved) and opening the same editor in a window of its own.
 */
export function EditorHeader({ ed, standalone }: { ed: ContentEditorApi; standalone: boolean }) {
  const t = useT(editorNs);
  const f = ed.form!;
  const s = ed.state;
  const published = s?.status === ContentStatus.PUBLISHED || s?.status === ContentStatus.EDITING || s?.status === ContentStatus.TO_PUBLISH;
  const canPublish = ed.may('cms:content:publish');
  const saveState = ed.dirty ? t('header.unsaved') : ed.savedAt ? t('header.savedAt', { time: formatDateTime(ed.savedAt, '{h}:{i}:{s}') }) : f.contentId ? t('header.upToDate') : t('header.new');
  // The preview shows what is saved: a saved content, drafts included.
  const preview = f.contentId ? <PreviewButton target={{ type: 'content', id: f.contentId }} name={f.title} testId="ce-preview" /> : null;
  const windowHref = f.contentId ? editContentUrl(f.contentId, true) : newContentUrl(f.catalogId, f.contentType, true);
  return (
    <header className="ce-header" data-testid="ce-header">
      <div className="ce-header-what">
        <i className={`pi ${TYPE_ICONS[f.contentType]} ce-type-icon`} aria-hidden="true" />
        <div className="ce-header-titles">
          <h2 className="ce-header-title">{f.contentId ? f.title || t('header.untitled') : t(`header.new_${f.contentType}`)}</h2>
          <div className="ce-header-meta">
            <span>{t(`types.${f.contentType}`)}</span>
            <span aria-hidden="true">·</span>
            <span><i className="pi pi-folder" aria-hidden="true" /> {f.catalogName}</span>
            {f.contentId ? <StatusTag status={s?.status ?? '0'} /> : null}
            <span className={`ce-save-state${ed.dirty ? ' is-dirty' : ''}`} data-testid="ce-save-state">{saveState}</span>
          </div>
        </div>
      </div>
      {ed.readOnly ? null : (
        <div className="ce-header-actions">
          <Button type="button" size="small" icon="pi pi-save" label={t('actions.save')} loading={ed.busy === 'save'} disabled={!!ed.busy} onClick={() => void ed.save()}
            tooltip={t('actions.saveTip')} tooltipOptions={{ position: 'bottom' }} data-testid="ce-save" />
          {canPublish ? (
            <>
              <Button type="button" size="small" severity="success" icon="pi pi-send" label={t('actions.publish')} loading={ed.busy === 'publish'} disabled={!!ed.busy} onClick={() => void ed.save('publish')} data-testid="ce-publish" />
              <Button type="button" size="small" outlined icon="pi pi-clock" label={t('actions.toPublish')} loading={ed.busy === 'toPublish'} disabled={!!ed.busy} onClick={() => void ed.save('toPublish')} data-testid="ce-to-publish" />
            </>
          ) : null}
          {f.contentId && published && ed.may('cms:content:offline') ? (
            <Button type="button" size="small" text severity="danger" icon="pi pi-eye-slash" label={t('actions.offline')} loading={ed.busy === 'offline'} disabled={!!ed.busy} onClick={() => void ed.takeOffline()} data-testid="ce-offline" />
          ) : null}
          {preview}
          {standalone ? null : (
            <a className="p-button p-button-text p-button-sm p-button-secondary ce-window-link" href={windowHref} target="_blank" rel="noopener" title={t('actions.newWindowTip')}>
              <i className="pi pi-external-link" aria-hidden="true" /> <span>{t('actions.newWindow')}</span>
            </a>
          )}
        </div>
      )}
      {ed.readOnly && preview ? <div className="ce-header-actions">{preview}</div> : null}
    </header>
  );
}
