import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { SkeletonBar } from '../../../components/widgets/SkeletonBar.tsx';
import { useT } from '../../../lib/i18n/react.ts';
import files from '../../../lib/i18n/ns/files.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { FILE_PERMS, isTextFile, parentOf, parseSitePath } from '../../../../shared/cms/site-files.ts';
import { CodeDocument } from '../../../lib/code/code-document.ts';
import { FORBIDDEN_PATH } from '../../../../shared/constants.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { $permissions, loadUserInfo } from '../../../stores/session.ts';
import { message } from '../../../stores/notify.ts';
import { useLeaveGuard } from '../../../components/widgets/use-leave-guard.ts';
import { CodeEditor } from '../../../components/code/CodeEditor.tsx';
import { readText, saveText } from './files-api.ts';
import './files.css';

const FILES_ROUTE = '/configs/file';

/** The file a link names (`?path=`), when it is a text file's path. */
function pathOfUrl(): string | null {
  const raw = new URLSearchParams(location.search).get('path') ?? '';
  const parsed = parseSitePath(raw, 'file');
  return parsed.ok && isTextFile(raw) ? raw : null;
}

/**
 * /cms/file/editor?path= (spec §2 file/editor: hidden, under the Files menu): one text file of the
 * current site in the code editor. Save (the button, Ctrl+S or Cmd+S) keeps the cursor where it
 * is; "Compare with saved" shows what changed since the last save; leaving with unsaved changes
 * asks first (the shell's tabs and links, and the browser's close or reload). Without the edit
 * keys the file opens read only.
 */
export default function FileEditorIsland() {
  const t = useT(files);
  const perms = usePermissions();
  const [path, setPath] = useState<string | null | undefined>(undefined);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [diff, setDiff] = useState(false);
  const doc = useMemo(() => new CodeDocument(), []);
  useSyncExternalStore(doc.subscribe, () => doc.version, () => 0);

  useEffect(() => {
    setPath(pathOfUrl());
    void loadUserInfo()
      .then(() => {
        if (!allows($permissions.get(), FILE_PERMS.view)) location.replace(FORBIDDEN_PATH);
      })
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!path) return;
    readText(path)
      .then((text) => {
        doc.reset(text);
        setLoaded(true);
      })
      .catch(() => setFailed(true));
  }, [path, doc]);

  const isTemplate = !!path && /^[^/]+\/template\//.test(path);
  const readOnly = !allows(perms, FILE_PERMS.edit) || (isTemplate && !allows(perms, 'cms:template:edit'));

  async function save() {
    if (!path || readOnly) return;
    if (await doc.save((text) => saveText(path, text))) message.success(t('code.saved'));
  }
  useLeaveGuard(doc.dirty, () => t('code.leave'));
  // Ctrl+S anywhere on the page saves (and never opens the browser's "save page" dialog).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  const back = () => void go(`${FILES_ROUTE}${path ? `?dir=${encodeURIComponent(parentOf(path))}` : ''}`);
  const status = readOnly
    ? <Tag severity="secondary" value={t('code.readOnly')} />
    : doc.saving ? <Tag severity="info" value={t('code.saving')} />
    : doc.dirty ? <Tag severity="warning" value={t('code.unsaved')} data-testid="file-editor-dirty" />
    : <Tag severity="success" value={t('code.saved')} data-testid="file-editor-clean" />;

  let body;
  if (path === null || failed) body = <p className="file-editor-note" role="alert">{t('code.noFile')}</p>;
  else if (!path || !loaded) body = <SkeletonBar height="60vh" />;
  else {
    body = (
      <>
        {diff ? (
          <div className="file-editor-diff-head">
            <span>{t('code.savedOriginal')}</span>
            <span>{doc.dirty ? t('code.editedVersion') : t('code.noChanges')}</span>
          </div>
        ) : null}
        <CodeEditor path={path} doc={doc} onSave={() => void save()} readOnly={readOnly} diff={diff} height="calc(100vh - 230px)" testId="file-editor-code" />
      </>
    );
  }

  return (
    <PrimeReactProvider>
      <section className="file-editor" data-testid="file-editor">
        <header className="file-editor-head">
          <Button type="button" size="small" text icon="pi pi-arrow-left" label={t('code.back')} onClick={back} data-testid="file-editor-back" />
          <h2 className="file-editor-path" title={path ?? ''}>{path ?? ''}</h2>
          {path && loaded ? status : null}
          <span className="file-editor-actions">
            {path && loaded && !readOnly ? <small className="file-editor-hint">{t('code.shortcut')}</small> : null}
            <Button type="button" size="small" outlined icon={diff ? 'pi pi-pencil' : 'pi pi-clone'} label={diff ? t('code.edit') : t('code.diff')} disabled={!loaded} onClick={() => setDiff(!diff)} data-testid="file-editor-diff" />
            {!readOnly ? <Button type="button" size="small" icon="pi pi-save" label={t('code.save')} loading={doc.saving} disabled={!loaded || !doc.dirty} onClick={() => void save()} data-testid="file-editor-save" /> : null}
          </span>
        </header>
        {body}
      </section>
    </PrimeReactProvider>
  );
}
