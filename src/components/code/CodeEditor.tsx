import { lazy, Suspense } from 'react';
import { useT } from '../../lib/i18n/react.ts';
import files from '../../lib/i18n/ns/files.ts';
import type { CodeLanguage } from '../../lib/code/languages.ts';
import type { CodeDocument } from '../../lib/code/code-document.ts';
import { loadMonacoLocale } from './monaco-locale.ts';
import './code-editor.css';

// Monaco is loaded only when an editor renders: no other page downloads it (tests/budget.test.ts).
// Its texts in the page's language first: its modules read them as they load (monaco-locale.ts).
const Impl = lazy(() => loadMonacoLocale().catch(() => undefined).then(() => import('./CodeEditorImpl.tsx')));

export interface CodeEditorProps {
  /** the file's path: it names the editor's model and, by its suffix, picks the language */
  path: string;
  /** the language, when the name does not tell it */
  language?: CodeLanguage;
  /** the text saved and being edited (lib/code/code-document.ts) */
  doc: CodeDocument;
  /** Ctrl+S / Cmd+S in the editor */
  onSave?(): void;
  readOnly?: boolean;
  /** show the differences between the saved and the edited text instead of the editor */
  diff?: boolean;
  /** the text the diff compares with, instead of the saved text (an older version) */
  diffOriginal?: string;
  /** problems shown as error markers (line and column from 1) */
  markers?: readonly { line: number; col: number; message: string }[];
  /** the editor once mounted (to replace its text as an edit, e.g. a restored version) */
  onEditor?(editor: import('monaco-editor/editor').editor.IStandaloneCodeEditor): void;
  /** CSS height */
  height?: string;
  testId?: string;
}

/** The code editor (spec §2 template/editor, file/editor): Monaco, bundled locally, loaded on demand. */
export function CodeEditor(props: CodeEditorProps) {
  const t = useT(files);
  return (
    <Suspense fallback={<div className="code-editor code-editor-loading" style={{ height: props.height ?? '60vh' }}>{t('code.loading')}</div>}>
      <Impl {...props} />
    </Suspense>
  );
}
