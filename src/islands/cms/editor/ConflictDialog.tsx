import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import { message } from '../../../stores/notify.ts';
import type { EditorForm } from './model.ts';
import type { ContentEditorApi } from './use-content-editor.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The user's own text of a form, as HTML and as plain text, for the clipboard. */
function textsOf(f: EditorForm): { html: string; text: string } {
  const items = [...f.images, ...f.audios, ...f.videos].map((i) => escape([i.title, i.description].filter(Boolean).join(' — '))).filter(Boolean);
  const body = f.contentType === 'article' ? f.contentHtml : f.contentType === 'book' ? f.book.intro : items.map((i) => `<p>${i}</p>`).join('');
  const html = `<h1>${escape(f.title)}</h1>${f.summary ? `<p>${escape(f.summary)}</p>` : ''}${body}`;
  // Parsed inert (DOMParser runs nothing and loads nothing), only to read the text.
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|h\d|li|tr)>/g, '</$1>\n'), 'text/html');
  return { html, text: doc.body.textContent ?? '' };
}

/**
 * Someone else saved this content after it was opened (the server refused the save): the user's
 * text stays in the form; they choose to copy it, to load the other version (theirs kept as the
 * local draft, offered back), or to save over it knowingly.
 */
export function ConflictDialog({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const c = ed.conflict;
  if (!c || !ed.form) return null;
  async function copy() {
    const { html, text } = textsOf(ed.form!);
    try {
      await navigator.clipboard.write([new ClipboardItem({ 'text/html': new Blob([html], { type: 'text/html' }), 'text/plain': new Blob([text], { type: 'text/plain' }) })]);
    } catch {
      await navigator.clipboard.writeText(text).catch(() => undefined);
    }
    message.success(t('conflict.copied'));
  }
  const footer = (
    <div className="ce-conflict-actions">
      <Button type="button" size="small" outlined icon="pi pi-copy" label={t('conflict.copy')} onClick={() => void copy()} data-testid="conflict-copy" />
      <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('conflict.loadTheirs')} onClick={ed.conflictActions.loadTheirs} data-testid="conflict-load" />
      <Button type="button" size="small" severity="danger" outlined icon="pi pi-upload" label={t('conflict.overwrite')} onClick={() => void ed.conflictActions.overwrite()} data-testid="conflict-overwrite" />
      <Button type="button" size="small" label={t('conflict.keep')} onClick={ed.conflictActions.dismiss} data-testid="conflict-keep" />
    </div>
  );
  return (
    <Dialog visible header={t('conflict.title')} footer={footer} onHide={ed.conflictActions.dismiss} style={{ width: 'min(640px, 95vw)' }} data-testid="conflict-dialog" blockScroll>
      <p className="ce-conflict-message" data-testid="conflict-message">{c.message}</p>
      <p>{t('conflict.explain')}</p>
    </Dialog>
  );
}
