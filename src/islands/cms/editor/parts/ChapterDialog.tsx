import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';
import { chapterCreateSchema, chapterUpdateSchema } from '../../../../../shared/resources/cms/chapter.ts';
import { countWords } from '../../../../../shared/cms/words.ts';
import type { FieldErrors } from '../../../../lib/forms/validate.ts';
import { RequestError } from '../../../../lib/request.ts';
import { confirm, message } from '../../../../stores/notify.ts';
import { RichEditor } from '../../../../components/widgets/RichEditor.tsx';
import { DateTimeInput } from '../../../../components/widgets/DateTimeInput.tsx';
import { Field } from '../Field.tsx';
import { contentLabel, validateBody } from '../labels.ts';
import { fromDate, toDate } from '../dates.ts';
import { actionOf, type ChapterAction } from '../chapter-model.ts';
import { loadChapter, saveChapter } from '../editor-api.ts';
import { useSaveShortcut } from '../save-shortcut.ts';
import { useLeaveGuard } from '../use-leave-guard.ts';
import '../../../../components/form/form.css';

interface Props {
  contentId: number;
  chapterId: number | null;
  /** its place in the book, for the header ("Chapter 3") */
  number: number;
  readOnly: boolean;
  onSaved(chapterId: number): void;
  onHide(): void;
}

interface ChapterForm { title: string; content: string; action: ChapterAction; publishDate: string | null }
const EMPTY: ChapterForm = { title: '', content: '', action: 'publish', publishDate: null };

/**
 * One chapter: its title, text and when readers get it (spec §4 Book chapter: now, on a date, or
 * offline; or kept as a draft). Ctrl+S saves it and keeps the dialog open; closing with unsaved
 * changes asks first.
 */
export function ChapterDialog({ contentId, chapterId, number, readOnly, onSaved, onHide }: Props) {
  const t = useT(editorNs);
  const [id, setId] = useState(chapterId);
  const [form, setForm] = useState<ChapterForm | null>(chapterId ? null : EMPTY);
  const [saved, setSaved] = useState(JSON.stringify(EMPTY));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef(form);
  formRef.current = form;
  useEffect(() => {
    if (!chapterId) return;
    void loadChapter(chapterId).then((c) => {
      const f: ChapterForm = { title: String(c.title ?? ''), content: String(c.content ?? ''), action: actionOf(String(c.status ?? '0')), publishDate: (c.publishDate as string | null) ?? null };
      setForm(f);
      setSaved(JSON.stringify(f));
    });
  }, [chapterId]);
  const dirty = useMemo(() => (form ? JSON.stringify(form) !== saved : false), [form, saved]);
  // Leaving the page (tab close, a link, reload) while a chapter has unsaved text asks too.
  useLeaveGuard(dirty, () => confirm({ header: t('leave.title'), message: t('chapters.leave'), acceptLabel: t('leave.accept'), rejectLabel: t('leave.reject'), severity: 'warn' }));

  async function save(close = false) {
    const f = formRef.current;
    if (!f || busy || readOnly) return;
    const body = { ...(id ? { chapterId: id } : { contentId }), title: f.title, content: f.content, action: f.action, publishDate: f.publishDate ? new Date(f.publishDate.replace(' ', 'T')).toISOString() : null };
    const errs = validateBody(id ? chapterUpdateSchema : chapterCreateSchema, body, 'chapter');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const newId = await saveChapter(contentId, id, { title: body.title, content: body.content, action: body.action, publishDate: body.publishDate });
      setId(newId);
      setSaved(JSON.stringify(f));
      message.success(t(`chapters.saved.${f.action}`));
      onSaved(newId);
      if (close) onHide();
    } catch (e) {
      const field = e instanceof RequestError ? (e.data as { field?: string } | undefined)?.field : undefined;
      if (field) setErrors({ [field]: (e as Error).message });
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  useSaveShortcut(() => void save(), !readOnly);

  async function hide() {
    if (dirty && !(await confirm({ header: t('leave.title'), message: t('chapters.leave'), acceptLabel: t('leave.accept'), rejectLabel: t('leave.reject'), severity: 'warn' }))) return;
    onHide();
  }

  const set = <K extends keyof ChapterForm>(k: K, v: ChapterForm[K]) => setForm((f) => (f ? { ...f, [k]: v } : f));
  const actions = (['publish', 'schedule', 'draft', 'offline'] as const).map((value) => ({ value, label: t(`chapters.actions.${value}`) }));
  const footer = readOnly ? null : (
    <div className="resource-dialog-footer">
      <span className="ce-muted ce-dialog-note">{dirty ? t('header.unsaved') : ''}</span>
      <Button type="button" size="small" label={t('actions.save')} icon="pi pi-save" loading={busy} onClick={() => void save()} data-testid="chapter-save" tooltip="Ctrl+S" tooltipOptions={{ position: 'top' }} />
      <Button type="button" size="small" outlined label={t('chapters.saveClose')} disabled={busy} onClick={() => void save(true)} data-testid="chapter-save-close" />
      <Button type="button" size="small" outlined severity="secondary" label={t('actions.close')} onClick={() => void hide()} />
    </div>
  );
  return (
    <Dialog visible header={id ? t('chapters.editNth', { n: number }) : t('chapters.newNth', { n: number })} footer={footer} onHide={() => void hide()} maximizable
      style={{ width: 'min(960px, 96vw)' }} className="ce-chapter-dialog" data-testid="chapter-dialog" blockScroll>
      {form ? (
        <div className="ce-chapter-form">
          <Field name="chapter-title" label={<>{contentLabel('title', 'chapter')}<span className="ce-required" aria-hidden="true">*</span></>} error={errors.title}>
            <InputText id="ce-chapter-title" value={form.title} disabled={readOnly} invalid={!!errors.title} placeholder={t('chapters.titlePlaceholder', { n: number })} onChange={(e) => set('title', e.target.value)} />
          </Field>
          <div className="ce-chapter-when">
            <Field name="chapter-action" label={contentLabel('action', 'chapter')}>
              <SelectButton value={form.action} options={actions} allowEmpty={false} disabled={readOnly} onChange={(e) => e.value && set('action', e.value as ChapterAction)} />
            </Field>
            {form.action === 'schedule' || form.action === 'publish' ? (
              <Field name="chapter-publishDate" label={contentLabel('publishDate', 'chapter')} error={errors.publishDate}
                hint={form.action === 'schedule' ? t('chapters.scheduleHint') : t('chapters.publishHint')}>
                <DateTimeInput id="ce-chapter-publishDate" value={toDate(form.publishDate)} invalid={!!errors.publishDate} buttonBar onChange={(d) => set('publishDate', fromDate(d))} />
              </Field>
            ) : null}
          </div>
          <Field name="chapter-content" label={<>{contentLabel('content', 'chapter')} <span className="ce-muted">{t('article.words', { count: countWords(form.content) })}</span></>} error={errors.content}>
            <RichEditor id="ce-chapter-content" value={form.content} library minHeight={360} readOnly={readOnly} onChange={(html) => set('content', html)} />
          </Field>
        </div>
      ) : <p className="ce-muted">{t('loading')}</p>}
    </Dialog>
  );
}
