import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import { EditorHeader } from './EditorHeader.tsx';
import { Banners } from './Banners.tsx';
import { MainFields } from './MainFields.tsx';
import { SidePanel } from './SidePanel.tsx';
import { ReviewHistory } from './ReviewHistory.tsx';
import { PeopleFields } from './PeopleFields.tsx';
import { SeoSection } from './SeoSection.tsx';
import { ExtendSection } from './ExtendSection.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { ArticleBody } from './parts/ArticleBody.tsx';
import { ImageAlbum } from './parts/ImageAlbum.tsx';
import { AudioList } from './parts/AudioList.tsx';
import { VideoList } from './parts/VideoList.tsx';
import { BookFields } from './parts/BookFields.tsx';
import { ChapterPanel } from './parts/ChapterPanel.tsx';
import { useSaveShortcut } from './save-shortcut.ts';
import { useContentEditor, type EditorTarget } from './use-content-editor.ts';

/** Each type's own part of the main column. */
function TypePart({ ed }: { ed: ReturnType<typeof useContentEditor> }) {
  switch (ed.form!.contentType) {
    case 'article':
      return <ArticleBody ed={ed} />;
    case 'image':
      return <ImageAlbum ed={ed} />;
    case 'audio':
      return <AudioList ed={ed} />;
    case 'video':
      return <VideoList ed={ed} />;
    case 'book':
      return (
        <>
          <BookFields ed={ed} />
          <ChapterPanel ed={ed} />
        </>
      );
  }
}

/**
 * The content editor of every type (issue 10 §2): the main column with the titles and the type's
 * part, the side panel with the settings, the bar with the workflow actions. One component for
 * the console's tab (/cms/content/editor) and the standalone window (/cms/content/editorW).
 */
export function ContentEditor({ target, standalone }: { target: EditorTarget | null; standalone: boolean }) {
  const t = useT(editorNs);
  const ed = useContentEditor(target);
  useSaveShortcut(() => void ed.save(), ed.phase === 'ready' && !ed.readOnly);
  if (!target) return <div className="ce-state" role="alert">{t('badAddress')}</div>;
  if (ed.phase === 'error') return <div className="ce-state" role="alert" data-testid="ce-load-error">{ed.loadError}</div>;
  if (ed.phase === 'loading' || !ed.form) return <div className="ce-state ce-muted" aria-busy="true">{t('loading')}</div>;
  return (
    <div className={`content-editor${standalone ? ' is-standalone' : ''}${ed.readOnly ? ' is-readonly' : ''}`} data-testid="content-editor" data-type={ed.form.contentType}>
      <EditorHeader ed={ed} standalone={standalone} />
      <Banners ed={ed} />
      <div className="ce-body">
        <div className="ce-main">
          <section className="ce-section ce-head-section">
            <MainFields ed={ed} />
            <PeopleFields ed={ed} />
          </section>
          <TypePart ed={ed} />
          <ExtendSection ed={ed} />
          <SeoSection ed={ed} />
        </div>
        <aside className="ce-aside" aria-label={t('side.label')}>
          {/* first in the side: after a rejection, the reviewer's comment is what the editor needs */}
          <ReviewHistory contentId={ed.form.contentId} status={ed.state?.status} />
          <SidePanel ed={ed} />
        </aside>
      </div>
      <ConflictDialog ed={ed} />
    </div>
  );
}
