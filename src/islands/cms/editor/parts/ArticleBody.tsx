import { RichEditor } from '../../../../components/widgets/RichEditor.tsx';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';
import { countWords } from '../../../../../shared/cms/words.ts';
import { Section, fieldIds } from '../Field.tsx';
import { contentLabel } from '../labels.ts';
import type { ContentEditorApi } from '../use-content-editor.ts';
import { WordCheck } from './WordCheck.tsx';

/** An article's body: the lazily loaded rich-text editor; images come from the site's library. */
export function ArticleBody({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const f = ed.form!;
  const error = ed.errors.contentHtml;
  const ids = fieldIds('contentHtml');
  // The body is named by its section's heading; its error is tied to it as a field's is (Field.tsx).
  return (
    <Section title={contentLabel('contentHtml')} titleId={`${ids.control}-title`} testId="ce-article-body" actions={<span className="ce-muted">{t('article.words', { count: countWords(f.contentHtml) })}</span>}>
      {f.linkFlag === 'Y' ? <p className="ce-note">{t('article.linkNote')}</p> : null}
      <div className={error ? 'has-error' : undefined} data-field="contentHtml">
        <RichEditor id={ids.control} labelledBy={`${ids.control}-title`} describedBy={error ? ids.error : ''} invalid={!!error}
          value={f.contentHtml} library minHeight={420} readOnly={ed.readOnly} onChange={(html) => ed.set('contentHtml', html)} />
        {error ? <small id={ids.error} className="p-error ce-error" data-testid="error-contentHtml" role="alert">{error}</small> : null}
      </div>
      <WordCheck html={f.contentHtml} areaId={ids.control} readOnly={ed.readOnly} onFix={(html) => ed.set('contentHtml', html)} />
      <p className="ce-hint">{t('article.pasteHint')}</p>
    </Section>
  );
}
