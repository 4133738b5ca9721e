import { RichEditor } from '../../../../components/widgets/RichEditor.tsx';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';
import { countWords } from '../../../../../shared/cms/words.ts';
import { Section } from '../Field.tsx';
import { contentLabel } from '../labels.ts';
import type { ContentEditorApi } from '../use-content-editor.ts';

/** An article's body: the lazily loaded rich-text editor; images come from the site's library. */
export function ArticleBody({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const f = ed.form!;
  return (
    <Section title={contentLabel('contentHtml')} testId="ce-article-body" actions={<span className="ce-muted">{t('article.words', { count: countWords(f.contentHtml) })}</span>}>
      {f.linkFlag === 'Y' ? <p className="ce-note">{t('article.linkNote')}</p> : null}
      <div className={ed.errors.contentHtml ? 'has-error' : undefined}>
        <RichEditor value={f.contentHtml} library minHeight={420} readOnly={ed.readOnly} onChange={(html) => ed.set('contentHtml', html)} />
        {ed.errors.contentHtml ? <small className="p-error ce-error" data-testid="error-contentHtml">{ed.errors.contentHtml}</small> : null}
      </div>
      <p className="ce-hint">{t('article.pasteHint')}</p>
    </Section>
  );
}
