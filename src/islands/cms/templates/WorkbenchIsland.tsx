import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { SkeletonBar } from '../../../components/widgets/SkeletonBar.tsx';
import { TabView, TabPanel } from 'primereact/tabview';
import type { editor } from 'monaco-editor/editor';
import { useT } from '../../../lib/i18n/react.ts';
import templates from '../../../lib/i18n/ns/templates.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { CodeDocument } from '../../../lib/code/code-document.ts';
import { setTemplatePageTypes } from '../../../lib/code/liquid-monaco.ts';
import { isTemplateName, TEMPLATE_VERSIONS_KEPT } from '../../../../shared/cms/template-name.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { message } from '../../../stores/notify.ts';
import { useLeaveGuard } from '../../../components/widgets/use-leave-guard.ts';
import { CodeEditor } from '../../../components/code/CodeEditor.tsx';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { useSaveShortcut } from '../editor/save-shortcut.ts';
import { useViewGuard } from '../use-view-guard.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { VersionsPanel } from './VersionsPanel.tsx';
import { BenchEditorHint, BenchKeysButton, BenchKeysHelp, useBenchKeysId } from './BenchKeys.tsx';
import { releaseTabAfterEscape, useBenchPanels } from './bench-keys.ts';
import {
  checkTemplate, listVersions, readTemplate, readVersion, republishTemplate, restoreVersion, saveTemplate,
  type TemplateDetail, type TemplateProblem, type VersionRow,
} from './templates-api.ts';
import { TEMPLATE_LIST_ROUTE, TEMPLATE_PERMS } from './routes.ts';
import '../files/files.css';
import './templates.css';

/** How long typing pauses before the text is checked (diagnostics as one types). */
const CHECK_DELAY_MS = 400;

/** The template a link names: `?pipe=pc&path=list/news.template.html`. */
function templateOfUrl(): { pipe: string; path: string } | null {
  const q = new URLSearchParams(location.search);
  const pipe = q.get('pipe') ?? '';
  const path = q.get('path') ?? '';
  return /^\w{1,20}$/.test(pipe) && isTemplateName(path) ? { pipe, path } : null;
}

/**
 * /cms/template/editor?pipe=&path= (spec §2 template/editor, active menu /configs/template): the
 * template workbench. Monaco with Liquid-in-HTML highlighting, completion and hover from the
 * template registry (lib/code/liquid-monaco.ts); problems with line and column as one types
 * (POST /cms/template/check) and on save, as markers and in the Problems tab; Ctrl+S saves keeping
 * the cursor; "Compare with saved" and any saved version in Monaco's diff editor; restore a
 * version; the live preview of the unsaved text; and "Republish pages" (the publisher's
 * POST /cms/publish/template). Without the edit key the template opens read only.
 */
export default function WorkbenchIsland() {
  const t = useT(templates);
  const perms = usePermissions();
  useViewGuard(TEMPLATE_PERMS.view);
  const [ref, setRef] = useState<{ pipe: string; path: string } | null | undefined>(undefined);
  const [detail, setDetail] = useState<TemplateDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [diff, setDiff] = useState<{ original?: string; label?: string; versionId?: number } | null>(null);
  const [problems, setProblems] = useState<TemplateProblem[]>([]);
  const [versions, setVersions] = useState<VersionRow[]>([]);
  const [tab, setTab] = useState(0);
  const editorRef = useRef<editor.IStandaloneCodeEditor | null>(null);
  const benchRef = useRef<HTMLElement | null>(null);
  const [keysOpen, setKeysOpen] = useState(false);
  const keysId = useBenchKeysId();
  useBenchPanels(benchRef, () => {
    // Comparing: the diff's edited side; else the editor, its cursor where it was.
    const diffSide = benchRef.current?.querySelector<HTMLElement>('[data-testid=bench-code-diff] .editor.modified textarea, [data-testid=bench-code-diff] .editor.modified .native-edit-context');
    if (diffSide) diffSide.focus();
    else editorRef.current?.focus();
  });
  const closeKeys = () => {
    setKeysOpen(false);
    benchRef.current?.querySelector<HTMLElement>('[data-testid=bench-keys-button]')?.focus();
  };
  const doc = useMemo(() => new CodeDocument(), []);
  useSyncExternalStore(doc.subscribe, () => doc.version, () => 0);
  const readOnly = !allows(perms, TEMPLATE_PERMS.edit);

  const loadVersions = useCallback(async (r: { pipe: string; path: string }) => setVersions(await listVersions(r.pipe, r.path).catch(() => [])), []);

  useEffect(() => setRef(templateOfUrl()), []);
  useEffect(() => {
    if (!ref) return;
    readTemplate(ref.pipe, ref.path)
      .then((d) => {
        doc.reset(d.content);
        setTemplatePageTypes(d.pageTypes);
        setDetail(d);
      })
      .catch(() => setFailed(true));
    void loadVersions(ref);
  }, [ref, doc, loadVersions]);

  // Diagnostics as one types: the text is checked when typing pauses (nothing is written).
  const text = doc.text;
  useEffect(() => {
    if (!ref || !detail) return;
    let live = true;
    const timer = setTimeout(() => {
      checkTemplate(ref.path, text).then((p) => { if (live) setProblems(p.filter((x) => x.template === ref.path)); }).catch(() => undefined);
    }, CHECK_DELAY_MS);
    return () => { live = false; clearTimeout(timer); };
  }, [ref, detail, text]);

  async function save() {
    if (!ref || readOnly || !detail) return;
    let found: TemplateProblem[] = [];
    const done = await doc.save(async (content) => { found = await saveTemplate(ref.pipe, ref.path, content); });
    if (!done) return;
    setProblems(found.filter((x) => x.template === ref.path));
    if (found.length) message.warning(t('bench.savedWithProblems', { count: found.length }));
    else message.success(t('bench.saved'));
    void loadVersions(ref);
  }
  useSaveShortcut(() => void save(), !!detail);
  useLeaveGuard(doc.dirty, () => t('bench.leave'));

  async function compareWith(v: VersionRow) {
    const { content } = await readVersion(v.versionId);
    setDiff({ original: content, label: v.createTime, versionId: v.versionId });
  }

  async function restore(v: VersionRow) {
    if (!ref) return;
    if (!(await askToConfirm(t('versions.restoreConfirm', { time: v.createTime })))) return;
    if (doc.dirty && !(await askToConfirm(t('versions.restoreDirty')))) return;
    const out = await restoreVersion(v.versionId).catch(() => null);
    if (!out) return;
    // The restored text goes into the editor as one edit (undo brings the previous text back).
    const model = editorRef.current?.getModel();
    doc.reset(out.content);
    if (model && model.getValue() !== out.content) {
      editorRef.current!.pushUndoStop();
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: out.content }], () => null);
      editorRef.current!.pushUndoStop();
    }
    setProblems(out.problems.filter((x) => x.template === ref.path));
    setDiff(null);
    message.success(t('versions.restored'));
    void loadVersions(ref);
  }

  async function republish() {
    if (!ref) return;
    const question = `${t('republish.title')}\n${t('republish.confirm', { pipe: ref.pipe, name: ref.path })}${doc.dirty ? `\n${t('republish.unsaved')}` : ''}`;
    if (!(await askToConfirm(question, 'info'))) return;
    const out = await republishTemplate(ref.pipe, ref.path);
    if (!out.ok) return void message.error(t('republish.failed', { message: out.msg }));
    const count = typeof out.data === 'number' ? out.data : (out.data as { count?: number } | null)?.count;
    message.success(typeof count === 'number' ? t('republish.queued', { count }) : out.msg || t('republish.done'));
  }

  const status = readOnly
    ? <Tag severity="secondary" value={t('bench.readOnly')} />
    : doc.saving ? <Tag severity="info" value={t('bench.saving')} />
    : doc.dirty ? <Tag severity="warning" value={t('bench.unsaved')} data-testid="bench-dirty" />
    : <Tag severity="success" value={t('bench.saved')} data-testid="bench-clean" />;
  const usage = detail
    ? detail.pageTypes.length ? t('bench.pageTypes', { types: detail.pageTypes.map((p) => t(`bench.pageType.${p}`)).join(t('bench.listSeparator')) }) : t('bench.unused')
    : '';

  if (ref === null || failed) {
    return <PrimeReactProvider><p className="file-editor-note" role="alert">{t('bench.noTemplate')}</p></PrimeReactProvider>;
  }
  return (
    <PrimeReactProvider>
      <section className="bench" data-testid="bench" ref={benchRef}>
        <header className="file-editor-head" data-bench-panel="head">
          <Button type="button" size="small" text icon="pi pi-arrow-left" label={t('bench.back')} onClick={() => void go(`${TEMPLATE_LIST_ROUTE}?pipe=${ref?.pipe ?? ''}`)} />
          <h2 className="file-editor-path" title={ref?.path}>{ref ? `${ref.pipe} / ${ref.path}` : ''}</h2>
          {detail ? status : null}
          {detail ? <small className="bench-usage" title={detail.usedBy.join('\n')}>{usage}</small> : null}
          <span className="file-editor-actions">
            <Button type="button" size="small" outlined icon={diff ? 'pi pi-pencil' : 'pi pi-clone'} label={diff ? t('bench.edit') : t('bench.diff')} disabled={!detail} onClick={() => setDiff(diff ? null : {})} data-testid="bench-diff" />
            <Button type="button" size="small" outlined icon="pi pi-send" label={t('republish.action')} disabled={!detail} onClick={() => void republish()} data-testid="bench-republish" />
            {!readOnly ? <Button type="button" size="small" icon="pi pi-save" label={t('bench.save')} title={t('bench.shortcut')} loading={doc.saving} disabled={!detail || !doc.dirty} onClick={() => void save()} data-testid="bench-save" /> : null}
            <BenchKeysButton open={keysOpen} controls={keysId} onToggle={() => setKeysOpen(!keysOpen)} />
          </span>
        </header>
        {keysOpen ? <BenchKeysHelp id={keysId} onClose={closeKeys} /> : null}
        <div className="bench-body">
          <div className="bench-code" data-bench-panel="code" role="region" aria-label={t('keys.codePanel')}>
            {diff ? (
              <div className="file-editor-diff-head">
                <span>{diff.label ? t('versions.comparing', { time: diff.label }) : t('bench.savedOriginal')}</span>
                <span>{doc.dirty || diff.label ? t('bench.editedVersion') : t('bench.noChanges')}</span>
              </div>
            ) : null}
            {ref && detail ? (
              <CodeEditor
                path={`${ref.pipe}/template/${ref.path}`}
                doc={doc}
                onSave={() => void save()}
                readOnly={readOnly}
                diff={!!diff}
                diffOriginal={diff?.original}
                markers={problems}
                onEditor={(ed) => {
                  editorRef.current = ed;
                  ed.updateOptions({ ariaLabel: t('keys.editorLabel', { name: ref.path }) });
                  releaseTabAfterEscape(ed);
                }}
                height="100%"
                testId="bench-code"
              />
            ) : <SkeletonBar height="100%" />}
            {ref && detail ? <BenchEditorHint /> : null}
          </div>
          <aside className="bench-side" data-bench-panel="side" aria-label={t('keys.sidePanel')}>
            <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)} className="bench-tabs">
              <TabPanel header={t('bench.panel.preview')}>
                {ref && detail ? <PreviewPane pipeCode={ref.pipe} path={ref.path} doc={doc} pageTypes={detail.pageTypes} /> : null}
              </TabPanel>
              <TabPanel header={t('bench.panel.versions')}>
                <VersionsPanel versions={versions} comparing={diff?.versionId ?? null} canRestore={!readOnly} kept={TEMPLATE_VERSIONS_KEPT} onCompare={(v) => void compareWith(v)} onRestore={(v) => void restore(v)} />
              </TabPanel>
              <TabPanel header={t('bench.panel.problems', { count: problems.length })}>
                {problems.length ? (
                  <ul className="bench-problems" data-testid="bench-problems">
                    {problems.map((p, i) => (
                      <li key={i}>
                        <button type="button" className="bench-problem" onClick={() => { editorRef.current?.setPosition({ lineNumber: p.line, column: p.col }); editorRef.current?.revealLineInCenter(p.line); editorRef.current?.focus(); }}>
                          <i className="pi pi-times-circle" aria-hidden="true" /> {t('bench.problemAt', { ...p })}
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : <p className="bench-empty">{t('bench.noProblems')}</p>}
              </TabPanel>
            </TabView>
          </aside>
        </div>
      </section>
    </PrimeReactProvider>
  );
}
