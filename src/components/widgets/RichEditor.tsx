import './widgets.css';
import { lazy, Suspense } from 'react';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import type { RichEditorProps } from './RichEditorImpl.tsx';

// Quill and PrimeReact's Editor are loaded only when an editor renders: no other page downloads them.
const Impl = lazy(() => import('./RichEditorImpl.tsx'));

/** The rich-text editor (spec §2): PrimeReact Editor on Quill, loaded on demand. */
export function RichEditor(props: RichEditorProps) {
  const t = useT(widgets);
  return (
    <Suspense fallback={<div className="rich-editor-loading" style={{ minHeight: props.minHeight ?? 192 }}>{t('editor.loading')}</div>}>
      <Impl {...props} />
    </Suspense>
  );
}
