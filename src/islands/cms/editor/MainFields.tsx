import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import { Counter, Field } from './Field.tsx';
import { contentLabel } from './labels.ts';
import type { ContentEditorApi } from './use-content-editor.ts';

/** The head of every content: title, subtitle, short title and summary. */
export function MainFields({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const f = ed.form!;
  const e = ed.errors;
  return (
    <div className="ce-main-fields">
      <Field name="title" label={<>{contentLabel('title')}<span className="ce-required" aria-hidden="true">*</span></>} error={e.title}>
        <div className="ce-title-row">
          <InputText id="ce-title" className="ce-title-input" value={f.title} maxLength={400} placeholder={t('placeholders.title')} disabled={ed.readOnly}
            invalid={!!e.title} onChange={(x) => ed.set('title', x.target.value)} />
          <Counter value={f.title} max={360} />
        </div>
      </Field>
      <div className="ce-grid-2">
        <Field name="subTitle" label={contentLabel('subTitle')} error={e.subTitle}>
          <InputText id="ce-subTitle" value={f.subTitle} disabled={ed.readOnly} onChange={(x) => ed.set('subTitle', x.target.value)} />
        </Field>
        <Field name="shortTitle" label={contentLabel('shortTitle')} error={e.shortTitle} hint={t('hints.shortTitle')}>
          <InputText id="ce-shortTitle" value={f.shortTitle} disabled={ed.readOnly} onChange={(x) => ed.set('shortTitle', x.target.value)} />
        </Field>
      </div>
      <Field name="summary" label={<>{contentLabel('summary')} <Counter value={f.summary} max={2000} /></>} error={e.summary}>
        <InputTextarea id="ce-summary" value={f.summary} rows={3} autoResize disabled={ed.readOnly} placeholder={t('placeholders.summary')} onChange={(x) => ed.set('summary', x.target.value)} />
      </Field>
    </div>
  );
}
