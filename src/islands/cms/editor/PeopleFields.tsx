import { InputText } from 'primereact/inputtext';
import { InputSwitch } from 'primereact/inputswitch';
import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import { Field } from './Field.tsx';
import { contentLabel } from './labels.ts';
import type { ContentEditorApi } from './use-content-editor.ts';

/** Who wrote and edited the content, and where it comes from when it is not original. */
export function PeopleFields({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const f = ed.form!;
  const e = ed.errors;
  const ro = ed.readOnly;
  return (
    <div className="ce-people">
      <div className="ce-grid-3 ce-people-row">
        <Field name="author" label={contentLabel('author')} error={e.author}>
          <InputText id="ce-author" value={f.author} disabled={ro} onChange={(x) => ed.set('author', x.target.value)} />
        </Field>
        <Field name="editor" label={contentLabel('editor')} error={e.editor}>
          <InputText id="ce-editor" value={f.editor} disabled={ro} onChange={(x) => ed.set('editor', x.target.value)} />
        </Field>
        <div className="ce-check ce-switch ce-original">
          <InputSwitch inputId="ce-original" checked={f.original === 'Y'} disabled={ro} onChange={(x) => ed.set('original', x.value ? 'Y' : 'N')} />
          <label htmlFor="ce-original">{t('side.original')}</label>
        </div>
      </div>
      {f.original === 'N' ? (
        <div className="ce-grid-2">
          <Field name="source" label={contentLabel('source')} error={e.source}>
            <InputText id="ce-source" value={f.source} disabled={ro} onChange={(x) => ed.set('source', x.target.value)} />
          </Field>
          <Field name="sourceUrl" label={contentLabel('sourceUrl')} error={e.sourceUrl}>
            <InputText id="ce-sourceUrl" value={f.sourceUrl} placeholder="https://" disabled={ro} invalid={!!e.sourceUrl} onChange={(x) => ed.set('sourceUrl', x.target.value)} />
          </Field>
        </div>
      ) : null}
    </div>
  );
}
