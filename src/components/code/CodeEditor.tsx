import { lazy, Suspense } from 'react';
import { useT } from '../../lib/i18n/react.ts';
import files from '../../lib/i18n/ns/files.ts';
import type { CodeEditorProps } from './code-editor-props.ts';
import { loadMonacoLocale } from './monaco-locale.ts';
import './code-editor.css';

// Monaco is loaded only when an editor renders: no other page downloads it (tests/budget.test.ts).
// Its texts in the page's language first: its modules read them as they load (monaco-locale.ts).
const Impl = lazy(() => loadMonacoLocale().catch(() => undefined).then(() => import('./CodeEditorImpl.tsx')));

export type { CodeEditorProps } from './code-editor-props.ts';

/** The code editor (spec §2 template/editor, file/editor): Monaco, bundled locally, loaded on demand. */
export function CodeEditor(props: CodeEditorProps) {
  const t = useT(files);
  return (
    <Suspense fallback={<div className="code-editor code-editor-loading" style={{ height: props.height ?? '60vh' }}>{t('code.loading')}</div>}>
      <Impl {...props} />
    </Suspense>
  );
}
