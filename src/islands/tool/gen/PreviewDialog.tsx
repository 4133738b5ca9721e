import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { TabView, TabPanel } from 'primereact/tabview';
import { useLocale, useT } from '../../../lib/i18n/react.ts';
import codeGen from '../../../lib/i18n/ns/codeGen.ts';
import { CodeEditor } from '../../../components/code/CodeEditor.tsx';
import { CodeDocument } from '../../../lib/code/code-document.ts';
import type { CodeLanguage } from '../../../lib/code/languages.ts';
import { previewFiles } from './gen-api.ts';

/** TypeScript is drawn with the JavaScript colours (the console bundles no TypeScript language for Monaco). */
const languageOf = (path: string): CodeLanguage => (path.endsWith('.ts') ? 'javascript' : 'plaintext');
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The generated files of one table, a read-only editor per tab (Monaco loads with the first
 * editor shown, as on the template workbench: components/code/CodeEditor.tsx). Each tab is named
 * after its file; the whole path heads the editor.
 */
export default function PreviewDialog({ tableId, tableName, onClose }: { tableId: number; tableName: string; onClose(): void }) {
  const t = useT(codeGen);
  useLocale();
  const [files, setFiles] = useState<Record<string, string> | undefined>(undefined);
  const [tab, setTab] = useState(0);
  // A refusal (the request core shows its message) closes the dialog: nothing to preview.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    let live = true;
    previewFiles(tableId).then((f) => live && setFiles(f)).catch(() => live && close.current());
    return () => {
      live = false;
    };
  }, [tableId]);
  const docs = useMemo(() => Object.entries(files ?? {}).map(([path, text]) => ({ path, doc: new CodeDocument(text) })), [files]);

  return (
    <Dialog header={t('previewTitle', { table: tableName })} visible onHide={onClose} maximizable style={{ width: 'min(72rem, 96vw)' }} data-testid="gen-preview">
      {files === undefined ? <p aria-busy="true">…</p> : (
        <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)} scrollable>
          {docs.map(({ path, doc }) => (
            <TabPanel key={path} header={nameOf(path)}>
              <p className="gen-path"><code>{path}</code></p>
              <CodeEditor path={path} language={languageOf(path)} doc={doc} readOnly height="60vh" testId={`gen-file-${nameOf(path)}`} />
            </TabPanel>
          ))}
        </TabView>
      )}
    </Dialog>
  );
}
