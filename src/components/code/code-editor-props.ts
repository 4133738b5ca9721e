// CodeEditor's props, apart from both halves: CodeEditor.tsx loads CodeEditorImpl.tsx on demand and the
// latter takes these same props, without either importing the other.
import type { CodeLanguage } from '../../lib/code/languages.ts';
import type { CodeDocument } from '../../lib/code/code-document.ts';

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
