import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';
import { confirm, message } from '../../../../stores/notify.ts';
import { ContentStatus } from '../../../../../shared/cms/content.ts';
import { Section } from '../Field.tsx';
import { StatusTag } from '../StatusTag.tsx';
import { deleteChapters, listChapters, sortChapters } from '../editor-api.ts';
import { moved } from '../chapter-model.ts';
import type { ChapterRow } from '../model.ts';
import type { ContentEditorApi } from '../use-content-editor.ts';
import { useDragOrder } from './use-drag-order.ts';
import { ItemTools } from './ItemTools.tsx';
import { ChapterDialog } from './ChapterDialog.tsx';

const toRow = (r: Record<string, unknown>): ChapterRow => ({ chapterId: Number(r.chapterId), title: String(r.title ?? ''), status: String(r.status ?? '0'), publishDate: (r.publishDate as string | null) ?? null, wordCount: Number(r.wordCount ?? 0) });

/**
 * A book's table of contents as its readers will see it: chapters in order with their words and
 * whether they are out (published, scheduled for a date, draft or offline). Chapters are saved on
 * their own, so a book can grow one chapter a day; a new book is saved first when a chapter is added.
 */
export function ChapterPanel({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const contentId = ed.form!.contentId;
  const ro = ed.readOnly;
  const [rows, setRows] = useState<ChapterRow[]>([]);
  const [open, setOpen] = useState<{ bookId: number; chapterId: number | null; number: number } | null>(null);
  const reload = useCallback(async () => {
    if (contentId) setRows((await listChapters(contentId)).map(toRow));
  }, [contentId]);
  useEffect(() => {
    void reload().catch(() => undefined);
  }, [reload]);

  const reorder = async (next: ChapterRow[]) => {
    const before = rows;
    setRows(next);
    try {
      await sortChapters(contentId, next.map((r) => r.chapterId));
    } catch {
      setRows(before);
    }
  };
  const { props } = useDragOrder(rows, (next) => void reorder(next), !ro);

  async function add() {
    // A chapter belongs to a stored book: save the new book first (its own checks apply).
    const bookId = contentId || (await ed.save());
    if (bookId) setOpen({ bookId, chapterId: null, number: rows.length + 1 });
  }

  async function remove(row: ChapterRow) {
    const ok = await confirm({ header: t('chapters.deleteTitle'), message: t('chapters.deleteMessage', { title: row.title }), acceptLabel: t('chapters.delete'), rejectLabel: t('actions.cancel'), severity: 'danger' });
    if (!ok) return;
    await deleteChapters([row.chapterId]);
    message.success(t('chapters.deleted'));
    await reload();
  }

  const words = rows.reduce((n, r) => n + r.wordCount, 0);
  const out = rows.filter((r) => r.status === ContentStatus.PUBLISHED).length;
  return (
    <Section title={<>{t('chapters.title')} <span className="ce-count">{rows.length}</span></>} testId="ce-chapters"
      actions={ro ? null : <Button type="button" size="small" icon="pi pi-plus" label={t('chapters.add')} onClick={() => void add()} data-testid="chapter-add" />}>
      {rows.length ? <p className="ce-muted ce-chapter-summary">{t('chapters.summary', { count: rows.length, published: out, words })}</p> : null}
      {rows.length ? (
        <ol className="ce-chapters">
          {rows.map((r, i) => (
            <li key={r.chapterId} className="ce-chapter" {...props(i)} data-testid="ce-chapter">
              <button type="button" className="ce-chapter-main" onClick={() => setOpen({ bookId: contentId, chapterId: r.chapterId, number: i + 1 })}>
                <span className="ce-chapter-no">{t('chapters.nth', { n: i + 1 })}</span>
                <span className="ce-chapter-title">{r.title}</span>
              </button>
              <span className="ce-chapter-words">{t('chapters.words', { count: r.wordCount })}</span>
              <span className="ce-chapter-state">
                <StatusTag status={r.status} scheduled />
                {r.publishDate && r.status !== ContentStatus.DRAFT ? <span className="ce-muted">{r.publishDate.slice(0, 16)}</span> : null}
              </span>
              {ro ? null : <ItemTools index={i} count={rows.length} label={r.title} onMove={(by) => void reorder(moved(rows, i, i + by))} onRemove={() => void remove(r)} />}
            </li>
          ))}
        </ol>
      ) : <p className="ce-empty">{contentId ? t('chapters.empty') : t('chapters.saveFirst')}</p>}
      {open ? (
        <ChapterDialog contentId={open.bookId} chapterId={open.chapterId} number={open.number} readOnly={ro}
          onHide={() => setOpen(null)} onSaved={(id) => { setOpen((o) => (o ? { ...o, chapterId: id } : o)); void reload(); }} />
      ) : null}
    </Section>
  );
}
