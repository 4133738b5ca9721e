import { useT } from '../../../lib/i18n/react.ts';
import xmodelNs from '../../../lib/i18n/ns/xmodel.ts';
import { Section } from './Field.tsx';
import { ExtendFields } from '../xmodel/ExtendFields.tsx';
import type { ContentEditorApi } from './use-content-editor.ts';

/** The content's Extend part: the fields of the model bound to its type, saved with the content. Absent when no model is bound. */
export function ExtendSection({ ed }: { ed: ContentEditorApi }) {
  const t = useT(xmodelNs);
  if (!ed.extend.model) return null;
  return (
    <Section title={t('title')} testId="ce-extend">
      <ExtendFields ext={ed.extend} readOnly={ed.readOnly} />
    </Section>
  );
}
