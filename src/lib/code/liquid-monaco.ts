import type { editor, IDisposable, languages } from 'monaco-editor/editor';
import type { PageType } from '../../../shared/cms/template-registry.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { hoverAt, suggestionsAt, type Suggestion } from './liquid-assist.ts';
import { LIQUID_HTML } from './languages.ts';
import { onMonaco, type MonacoApi } from './monaco-hooks.ts';

/**
 * The workbench's completion and hover for templates, plugged into Monaco when it loads (through
 * onMonaco: importing this costs nothing until then). What is offered comes from
 * lib/code/liquid-assist.ts; the page types of the template open (whose variables are offered)
 * are set by the workbench with `setTemplatePageTypes`.
 */

let pageTypes: readonly PageType[] = [];
/** The page types the template being edited renders (from GET /cms/template/detail). */
export const setTemplatePageTypes = (types: readonly PageType[]) => { pageTypes = types; };

const KINDS = (m: MonacoApi): Record<Suggestion['kind'], languages.CompletionItemKind> => ({
  tag: m.languages.CompletionItemKind.Function,
  attr: m.languages.CompletionItemKind.Property,
  value: m.languages.CompletionItemKind.EnumMember,
  filter: m.languages.CompletionItemKind.Method,
  variable: m.languages.CompletionItemKind.Variable,
  field: m.languages.CompletionItemKind.Field,
  keyword: m.languages.CompletionItemKind.Keyword,
});

/** The owner of the template problems shown as markers (diagnostics as one types and on save). */
export const TEMPLATE_MARKERS = 'castanea-template';

export interface TemplateMarker { line: number; col: number; message: string }

/** Shows problems as error markers on the model: from the column given to the end of the word there. */
export function setTemplateMarkers(monaco: MonacoApi, model: editor.ITextModel, problems: readonly TemplateMarker[]) {
  monaco.editor.setModelMarkers(model, TEMPLATE_MARKERS, problems.map((p) => {
    const line = Math.min(Math.max(1, p.line), model.getLineCount());
    const word = model.getWordAtPosition({ lineNumber: line, column: Math.max(1, p.col) });
    const end = word ? word.endColumn : Math.max(p.col + 1, model.getLineMaxColumn(line));
    return { severity: monaco.MarkerSeverity.Error, message: p.message, startLineNumber: line, startColumn: Math.max(1, p.col), endLineNumber: line, endColumn: end };
  }));
}

onMonaco((monaco): IDisposable => {
  const kinds = KINDS(monaco);
  const completion = monaco.languages.registerCompletionItemProvider(LIQUID_HTML, {
    triggerCharacters: ['_', ' ', ':', "'", '"', '|', '.', '%', '{'],
    provideCompletionItems(model, position) {
      const before = model.getValueInRange({ startLineNumber: 1, startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column });
      const word = model.getWordUntilPosition(position);
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      const suggestions = suggestionsAt(before, pageTypes, currentLanguage()).map((s, i): languages.CompletionItem => ({
        label: s.label, kind: kinds[s.kind], insertText: s.insert, detail: s.detail, range, sortText: String(i).padStart(4, '0'),
        documentation: s.doc ? { value: s.doc } : undefined,
        command: s.again ? { id: 'editor.action.triggerSuggest', title: '' } : undefined,
      }));
      return { suggestions, incomplete: false };
    },
  });
  const hover = monaco.languages.registerHoverProvider(LIQUID_HTML, {
    provideHover(model, position) {
      const found = hoverAt(model.getLineContent(position.lineNumber), position.column, currentLanguage());
      if (!found) return null;
      return { range: new monaco.Range(position.lineNumber, found.start, position.lineNumber, found.end), contents: [{ value: found.doc }] };
    },
  });
  return { dispose: () => { completion.dispose(); hover.dispose(); } };
});
