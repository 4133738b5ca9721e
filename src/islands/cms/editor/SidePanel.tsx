import { useEffect, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { Checkbox } from 'primereact/checkbox';
import { InputSwitch } from 'primereact/inputswitch';
import { Button } from 'primereact/button';
import { fileUrl } from '../../../components/widgets/ImagePreview.tsx';
import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import { CONTENT_ATTRIBUTES } from '../../../../shared/cms/content.ts';
import { ImageUpload } from '../../../components/widgets/ImageUpload.tsx';
import { ONE_IMAGE } from '../../../components/widgets/upload-rules.ts';
import { DateTimeInput } from '../../../components/widgets/DateTimeInput.tsx';
import { Field, Section } from './Field.tsx';
import { contentLabel } from './labels.ts';
import { fromDate, toDate } from './dates.ts';
import { fetchPipes, type PipeOption } from './editor-api.ts';
import { RelatedPicker } from './RelatedPicker.tsx';
import { TagInput } from './TagInput.tsx';
import { suggestTagWords } from '../words/words-api.ts';
import type { ContentEditorApi } from './use-content-editor.ts';


/** The side panel: how and where the content is published, its cover and marks, tags, link and relations. */
export function SidePanel({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const f = ed.form!;
  const e = ed.errors;
  const ro = ed.readOnly;
  const [pipes, setPipes] = useState<PipeOption[]>([]);
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    void fetchPipes().then(setPipes).catch(() => undefined);
  }, []);
  const togglePipe = (code: string, on: boolean) => ed.set('publishPipe', on ? [...f.publishPipe, code] : f.publishPipe.filter((c) => c !== code));
  const toggleAttr = (a: string, on: boolean) => ed.set('attributes', on ? [...f.attributes, a] : f.attributes.filter((x) => x !== a));

  return (
    <div className="ce-side">
      <Section title={t('side.publishing')} testId="ce-side-publishing">
        <Field name="publishDate" label={contentLabel('publishDate')} error={e.publishDate} hint={t('hints.publishDate')}>
          <DateTimeInput id="ce-publishDate" value={toDate(f.publishDate)} buttonBar onChange={(d) => ed.set('publishDate', fromDate(d))} />
        </Field>
        <Field name="offlineDate" label={contentLabel('offlineDate')} error={e.offlineDate} hint={t('hints.offlineDate')}>
          <DateTimeInput id="ce-offlineDate" value={toDate(f.offlineDate)} buttonBar invalid={!!e.offlineDate} onChange={(d) => ed.set('offlineDate', fromDate(d))} />
        </Field>
        <Field name="publishPipe" label={contentLabel('publishPipe')} error={e.publishPipe} hint={pipes.length ? t('hints.pipes') : t('hints.noPipes')}>
          <div className="ce-pipes">
            {pipes.map((p) => (
              <div key={p.pipeCode} className="ce-pipe">
                <div className="ce-check">
                  <Checkbox inputId={`ce-pipe-${p.pipeCode}`} checked={f.publishPipe.includes(p.pipeCode)} disabled={ro} onChange={(x) => togglePipe(p.pipeCode, !!x.checked)} />
                  <label htmlFor={`ce-pipe-${p.pipeCode}`}>{p.pipeName} <code>{p.pipeCode}</code></label>
                </div>
                <InputText aria-label={t('side.templateOf', { pipe: p.pipeName })} placeholder={t('placeholders.template')} value={f.templates[p.pipeCode] ?? ''} disabled={ro}
                  onChange={(x) => ed.set('templates', { ...f.templates, [p.pipeCode]: x.target.value })} />
              </div>
            ))}
          </div>
        </Field>
        {e.publishPipeProps ? <small className="p-error ce-error" data-testid="error-publishPipeProps">{e.publishPipeProps}</small> : null}
        <Field name="staticPath" label={contentLabel('staticPath')} error={e.staticPath} hint={t('hints.staticPath')}>
          <InputText id="ce-staticPath" value={f.staticPath} placeholder="news/2026/launch.html" disabled={ro} invalid={!!e.staticPath} onChange={(x) => ed.set('staticPath', x.target.value)} />
        </Field>
      </Section>

      <Section title={t('side.cover')} testId="ce-side-cover">
        <Field name="logo" label={contentLabel('logo')} error={e.logo}>
          {ro ? (f.logo ? <img className="ce-logo-readonly" src={fileUrl(f.logo)} alt="" /> : <span className="ce-muted">—</span>) : (
            <ImageUpload value={f.logo} library limits={ONE_IMAGE} showTip={false} onChange={(v) => ed.set('logo', v.split(',').filter(Boolean)[0] ?? '')} />
          )}
        </Field>
        <div className="ce-check ce-switch">
          <InputSwitch inputId="ce-top" checked={f.top} disabled={ro} onChange={(x) => ed.update((v) => ({ ...v, top: !!x.value, topEndTime: x.value ? v.topEndTime : null }))} />
          <label htmlFor="ce-top">{t('top.label')}</label>
        </div>
        {f.top ? (
          <Field name="topEndTime" label={t('top.until')} error={e.topEndTime} hint={t('top.hint')}>
            <DateTimeInput id="ce-topEndTime" value={toDate(f.topEndTime)} buttonBar invalid={!!e.topEndTime} onChange={(d) => ed.set('topEndTime', fromDate(d))} />
          </Field>
        ) : null}
        <Field name="attributes" label={contentLabel('attributes')} error={e.attributes}>
          <div className="ce-attrs">
            {(Object.keys(CONTENT_ATTRIBUTES) as (keyof typeof CONTENT_ATTRIBUTES)[]).map((a) => (
              <div key={a} className="ce-check">
                <Checkbox inputId={`ce-attr-${a}`} checked={f.attributes.includes(a)} disabled={ro} onChange={(x) => toggleAttr(a, !!x.checked)} />
                <label htmlFor={`ce-attr-${a}`}>{t(`attributes.${a}`)}</label>
              </div>
            ))}
          </div>
        </Field>
      </Section>

      <Section title={t('side.classify')} testId="ce-side-classify">
        <Field name="tags" label={contentLabel('tags')} error={e.tags} hint={t('hints.words')}>
          <TagInput id="ce-tags" value={f.tags} disabled={ro} onChange={(words) => ed.set('tags', words)} suggest={suggestTagWords} />
        </Field>
        <Field name="keywords" label={contentLabel('keywords')} error={e.keywords} hint={t('hints.words')}>
          <TagInput id="ce-keywords" value={f.keywords} disabled={ro} onChange={(words) => ed.set('keywords', words)} />
        </Field>
      </Section>

      <Section title={t('side.link')} testId="ce-side-link">
        <div className="ce-check ce-switch">
          <InputSwitch inputId="ce-linkFlag" checked={f.linkFlag === 'Y'} disabled={ro} onChange={(x) => ed.set('linkFlag', x.value ? 'Y' : 'N')} />
          <label htmlFor="ce-linkFlag">{t('side.linkFlag')}</label>
        </div>
        {f.linkFlag === 'Y' || f.redirectUrl ? (
          <Field name="redirectUrl" label={contentLabel('redirectUrl')} error={e.redirectUrl} hint={t('hints.redirectUrl')}>
            <InputText id="ce-redirectUrl" value={f.redirectUrl} placeholder="https://" disabled={ro} invalid={!!e.redirectUrl} onChange={(x) => ed.set('redirectUrl', x.target.value)} />
          </Field>
        ) : null}
      </Section>

      <Section title={contentLabel('relaContentIds')} testId="ce-side-related"
        actions={ro ? null : <Button type="button" size="small" text icon="pi pi-plus" label={t('related.add')} onClick={() => setPicking(true)} />}>
        {f.relaContents.length ? (
          <ol className="ce-related">
            {f.relaContents.map((r) => (
              <li key={r.contentId}>
                <span className="ce-related-title">{r.title}</span>
                {ro ? null : <Button type="button" text rounded size="small" icon="pi pi-times" aria-label={t('related.remove', { title: r.title })}
                  onClick={() => ed.set('relaContents', f.relaContents.filter((x) => x.contentId !== r.contentId))} />}
              </li>
            ))}
          </ol>
        ) : <p className="ce-muted">{t('related.none')}</p>}
        {e.relaContentIds ? <small className="p-error ce-error">{e.relaContentIds}</small> : null}
        {picking ? (
          <RelatedPicker exclude={[f.contentId, ...f.relaContents.map((r) => r.contentId)]} onHide={() => setPicking(false)}
            onPick={(rows) => { setPicking(false); ed.set('relaContents', [...f.relaContents, ...rows]); }} />
        ) : null}
      </Section>

    </div>
  );
}
