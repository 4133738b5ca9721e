import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useEffect, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import '../../../lib/i18n/ns/editor.ts';
import '../../../lib/i18n/ns/fields.ts';
import '../../../lib/i18n/ns/validation.ts';
import { ContentEditor } from './ContentEditor.tsx';
import { targetFromQuery, type EditorTarget } from './use-content-editor.ts';
import '../../resource/resource.css';
import './editor.css';

/**
 * /cms/content/editor and /cms/content/editorW: the query names what is edited (`contentId`, or
 * `catalogId` and `contentType` for a new content). Read once the page runs: prerendering knows no query.
 */
export default function ContentEditorIsland({ standalone = false }: { standalone?: boolean }) {
  const [target, setTarget] = useState<EditorTarget | null | undefined>(undefined);
  useEffect(() => setTarget(targetFromQuery(location.search)), []);
  return (
    <PrimeReactProvider>
      {target === undefined ? <div className="ce-state" aria-busy="true" /> : <ContentEditor target={target} standalone={standalone} />}
    </PrimeReactProvider>
  );
}
