import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { DiffEditor, Editor, type OnMount } from '@monaco-editor/react';
import type { editor } from 'monaco-editor/editor';
import { languageOf } from '../../lib/code/languages.ts';
import type { CodeEditorProps } from './code-editor-props.ts';
import { CODE_THEME, monaco } from './monaco-setup.ts';
import { setTemplateMarkers } from '../../lib/code/liquid-monaco.ts';

const EDITOR_OPTIONS: editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 13,
  tabSize: 2,
  scrollBeyondLastLine: false,
  renderWhitespace: 'selection',
  fixedOverflowWidgets: true,
};

/**
 * Monaco through @monaco-editor/react (loaded by CodeEditor.tsx on demand). The editor is
 * uncontrolled: it starts from the document's text and reports edits to it, and nothing ever
 * writes the text back into it, so saving keeps the cursor, the selection and the undo history.
 * The diff view is a second, read-only editor over the saved and edited texts; the editor stays
 * mounted (hidden) behind it and comes back as it was.
 */
export default function CodeEditorImpl({ path, language, doc, onSave, readOnly = false, diff = false, diffOriginal, markers, onEditor, height = '60vh', testId }: CodeEditorProps) {
  const save = useRef(onSave);
  save.current = onSave;
  useSyncExternalStore(doc.subscribe, () => doc.version);
  const lang = language ?? languageOf(path);
  // The text the editor starts from: the document's when this file was opened.
  const initial = useMemo(() => doc.text, [path]); // eslint-disable-line react-hooks/exhaustive-deps
  const bindSave = (target: editor.IStandaloneCodeEditor) => target.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => save.current?.());
  const [mounted, setMounted] = useState<editor.IStandaloneCodeEditor | null>(null);
  const onMount: OnMount = (ed) => {
    bindSave(ed);
    if (!readOnly) ed.focus();
    setMounted(ed);
    onEditor?.(ed);
  };
  useEffect(() => {
    const model = mounted?.getModel();
    if (model && markers) setTemplateMarkers(monaco, model, markers);
  }, [mounted, markers]);
  return (
    <div className="code-editor" data-testid={testId} data-language={lang} style={{ height }}>
      <div className="code-editor-pane" hidden={diff} data-testid={testId ? `${testId}-edit` : undefined}>
        <Editor
          path={path}
          language={lang}
          defaultValue={initial}
          theme={CODE_THEME}
          options={{ ...EDITOR_OPTIONS, readOnly }}
          onMount={onMount}
          onChange={(value) => doc.edit(value ?? '')}
        />
      </div>
      {diff ? (
        <div className="code-editor-pane" data-testid={testId ? `${testId}-diff` : undefined}>
          <DiffEditor
            original={diffOriginal ?? doc.saved}
            modified={doc.text}
            language={lang}
            theme={CODE_THEME}
            originalModelPath={diffOriginal === undefined ? `saved/${path}` : `version/${path}`}
            modifiedModelPath={`edited/${path}`}
            options={{ ...EDITOR_OPTIONS, readOnly: true, originalEditable: false, renderSideBySide: true, useInlineViewWhenSpaceIsLimited: true }}
            onMount={(d) => bindSave(d.getModifiedEditor())}
          />
        </div>
      ) : null}
    </div>
  );
}
