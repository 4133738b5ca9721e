import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import { Field, Section } from './Field.tsx';
import { contentLabel } from './labels.ts';
import type { ContentEditorApi } from './use-content-editor.ts';

/** What search engines are told (left empty: the title and the summary). */
export function SeoSection({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const f = ed.form!;
  const e = ed.errors;
  const ro = ed.readOnly;
  return (
    <Section title={t('side.seo')} testId="ce-seo">
      <div className="ce-grid-2">
        <Field name="seoTitle" label={contentLabel('seoTitle')} error={e.seoTitle}>
          <InputText id="ce-seoTitle" value={f.seoTitle} placeholder={f.title} disabled={ro} onChange={(x) => ed.set('seoTitle', x.target.value)} />
        </Field>
        <Field name="seoKeywords" label={contentLabel('seoKeywords')} error={e.seoKeywords}>
          <InputText id="ce-seoKeywords" value={f.seoKeywords} placeholder={f.keywords.join(',')} disabled={ro} onChange={(x) => ed.set('seoKeywords', x.target.value)} />
        </Field>
        <Field name="seoDescription" label={contentLabel('seoDescription')} error={e.seoDescription} wide>
          <InputTextarea id="ce-seoDescription" value={f.seoDescription} rows={2} autoResize placeholder={f.summary} disabled={ro} onChange={(x) => ed.set('seoDescription', x.target.value)} />
        </Field>
      </div>
    </Section>
  );
}
