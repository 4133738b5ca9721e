import '../../../stores/request-context.ts'; // first: the request core's language, site and notices
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { useLeaveGuard } from '../../../components/widgets/use-leave-guard.ts';
import { useT } from '../../../lib/i18n/react.ts';
import modeler from '../../../lib/i18n/ns/modeler.ts';
import { formatBytes } from '../../../lib/sizes.ts';
import { saveBlob } from '../../../lib/download.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { bpmnTranslate } from '../../../lib/workflow/bpmn-translate.ts';
import { defaultDiagram } from '../../../lib/workflow/default-diagram.ts';
import type { BpmnObject, Change } from '../../../lib/workflow/bpmn-properties.ts';
import { allows } from '../../../stores/permission-gate.ts';
import { $permissions, loadUserInfo } from '../../../stores/session.ts';
import { message } from '../../../stores/notify.ts';
import { useViewGuard } from '../../cms/use-view-guard.ts';
import { useSaveShortcut } from '../../cms/editor/save-shortcut.ts';
import { MODEL_DEPLOY, MODEL_EDIT, MODEL_VIEW, MODEL_XML_MAX, ModelStatus } from '../../../../shared/workflow/keys.ts';
import { deployModel, fetchCandidates, fetchDraft, fetchModel, saveDraft, type Choice, type ModelRow } from './model-api.ts';
import type { Diagram } from './diagram-types.ts';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import { VersionsDialog } from './VersionsDialog.tsx';
import './modeler.css';

const MODEL_LIST = '/workflow/model';
/** The undo position of a diagram that is not the saved draft whatever is undone (a new or imported one). */
const NOT_SAVED = -2;

/** The model a link names: `?modelId=12`. */
const modelIdOfUrl = () => {
  const id = Number(new URLSearchParams(location.search).get('modelId'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;

/**
 * /workflow/model/design?modelId= (active menu: the model list, whose rows open it with "Design"):
 * the review model's BPMN diagram in bpmn-js, cut to the elements the server runs, with a
 * properties panel for what the server reads (candidates, conditions, default flows). Save draft,
 * deploy (a refusal shown here in the server's words, its element selected), the deployed
 * versions, import and export of .bpmn files, fit, undo and redo; leaving with unsaved changes
 * asks first. Without `workflow:model:edit` the diagram is only looked at. bpmn-js loads only here.
 */
export default function ModelerIsland() {
  const t = useT(modeler);
  const tRef = useRef(t);
  tRef.current = t;
  useViewGuard(MODEL_VIEW);
  const host = useRef<HTMLDivElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const diagramRef = useRef<Diagram | null>(null);
  const [modelId, setModelId] = useState<number | null | undefined>(undefined);
  const [model, setModel] = useState<ModelRow | null>(null);
  const [held, setHeld] = useState<string[] | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [savedAt, setSavedAt] = useState(NOT_SAVED);
  const [position, setPosition] = useState(-1);
  const [history, setHistory] = useState({ undo: false, redo: false });
  const [selected, setSelected] = useState<{ bo: BpmnObject | null; revision: number }>({ bo: null, revision: 0 });
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState<'' | 'save' | 'deploy'>('');
  const [showVersions, setShowVersions] = useState(false);
  const [choices, setChoices] = useState<{ users: Choice[]; roles: Choice[] }>({ users: [], roles: [] });

  const canEdit = !!held && allows(held, MODEL_EDIT);
  const canDeploy = !!held && allows(held, MODEL_DEPLOY);
  const dirty = state === 'ready' && canEdit && position !== savedAt;
  useLeaveGuard(dirty, () => tRef.current('leave'));

  useEffect(() => {
    setModelId(modelIdOfUrl());
    void loadUserInfo().then(() => setHeld($permissions.get()), () => setHeld([]));
  }, []);

  // The model, its draft and the diagram, once the rights are known (they decide editing).
  useEffect(() => {
    if (!modelId || !held || !host.current) return;
    let gone = false;
    let made: Diagram | null = null;
    void (async () => {
      try {
        const [row, xml, { createDiagram }] = await Promise.all([fetchModel(modelId), fetchDraft(modelId), import('./diagram.ts')]);
        if (gone) return;
        setModel(row);
        const editable = allows(held, MODEL_EDIT);
        made = createDiagram({
          container: host.current!,
          editable,
          translate: (template, replacements) => bpmnTranslate((k) => tRef.current(`bpmn.${k}` as never))(template, replacements),
        });
        diagramRef.current = made;
        const d = made;
        d.onChange(() => {
          setPosition(d.position());
          setHistory({ undo: d.canUndo(), redo: d.canRedo() });
        });
        d.onSelect((bo) => setSelected((s) => ({ bo, revision: s.revision + 1 })));
        await d.open(xml.trim() ? xml : defaultDiagram(row.modelKey, tRef.current('panel.newStep')));
        setSavedAt(xml.trim() ? d.position() : NOT_SAVED);
        setPosition(d.position());
        setState('ready');
        if (editable) void fetchCandidates().then((c) => !gone && setChoices(c));
      } catch (e) {
        if (gone) return;
        setProblem(reasonOf(e));
        setState('failed');
      }
    })();
    return () => {
      gone = true;
      made?.destroy();
      diagramRef.current = null;
    };
  }, [modelId, held]);

  // bpmn-js's palette in the language now shown (its context pad asks each time it opens).
  useEffect(() => diagramRef.current?.retranslate(), [t]);

  const save = useCallback(async (): Promise<boolean> => {
    const d = diagramRef.current;
    if (!d || !modelId || !canEdit) return false;
    setBusy('save');
    setProblem('');
    try {
      const at = d.position();
      await saveDraft(modelId, await d.xml());
      setSavedAt(at);
      message.success(t('saved', { name: model?.name ?? '' }));
      return true;
    } catch (e) {
      setProblem(reasonOf(e));
      return false;
    } finally {
      setBusy('');
    }
  }, [modelId, canEdit, model, t]);
  useSaveShortcut(() => void save(), canEdit && state === 'ready');

  // What is deployed is the saved draft: the diagram as shown is saved first.
  const deploy = async () => {
    if (!modelId) return;
    if (dirty && !(await save())) return;
    setBusy('deploy');
    setProblem('');
    try {
      const version = await deployModel(modelId);
      setModel((m) => (m ? { ...m, version } : m));
      message.success(t('deployed', { name: model?.name ?? '', version }));
    } catch (e) {
      const text = reasonOf(e);
      setProblem(text);
      diagramRef.current?.selectNamed(text);
    } finally {
      setBusy('');
    }
  };

  const exportFile = async () => {
    const d = diagramRef.current;
    if (!d || !model) return;
    saveBlob(new Blob([await d.xml()], { type: 'application/xml' }), `${model.modelKey}.bpmn`);
  };

  const importFile = async (file: File | undefined) => {
    const d = diagramRef.current;
    if (!d || !file) return;
    setProblem('');
    if (file.size > MODEL_XML_MAX) {
      setProblem(t('importTooLarge', { size: formatBytes(MODEL_XML_MAX) }));
      return;
    }
    const before = await d.xml();
    try {
      await d.open(await file.text());
      setSavedAt(NOT_SAVED);
      setPosition(d.position());
      message.info(t('imported', { file: file.name }));
    } catch (e) {
      setProblem(t('importUnreadable', { reason: reasonOf(e) }));
      await d.open(before).catch(() => undefined);
    }
  };

  const apply = (changes: Change[]) => diagramRef.current?.apply(changes);

  if (modelId === null) {
    return <p className="modeler-empty" role="alert" data-testid="modeler-no-model">{t('noModel')}</p>;
  }
  const suspended = model?.status === ModelStatus.SUSPENDED;
  const ready = state === 'ready';
  return (
    <PrimeReactProvider>
      <div className="modeler-screen" data-testid="modeler-screen" data-ready={ready ? 'true' : undefined}>
        <div className="modeler-top">
          <h2 className="modeler-title">{model ? `${model.name} (${model.modelKey})` : ''}</h2>
          <div className="modeler-status" role="status" aria-label={t('status.label')} data-testid="modeler-status">
            {ready && canEdit ? <Tag severity={dirty ? 'warning' : 'success'} value={t(dirty ? 'status.unsaved' : 'status.saved')} /> : null}
            {model ? <Tag severity="info" value={model.version ? t('status.deployed', { version: model.version }) : t('status.notDeployed')} data-testid="modeler-version" /> : null}
            {suspended ? <Tag severity="danger" value={t('status.suspended')} /> : null}
          </div>
        </div>
        <div className="modeler-toolbar" role="toolbar" aria-label={t('toolbar.label')} data-testid="modeler-toolbar">
          <Button type="button" size="small" text icon="pi pi-arrow-left" label={t('toolbar.back')} onClick={() => void go(MODEL_LIST)} />
          {canEdit ? <Button type="button" size="small" icon="pi pi-save" label={t('toolbar.save')} disabled={!ready || !!busy} loading={busy === 'save'} onClick={() => void save()} data-testid="modeler-save" /> : null}
          {canDeploy ? <Button type="button" size="small" severity="success" icon="pi pi-send" label={t('toolbar.deploy')} disabled={!ready || !!busy} loading={busy === 'deploy'} onClick={() => void deploy()} data-testid="modeler-deploy" /> : null}
          <Button type="button" size="small" outlined icon="pi pi-history" label={t('toolbar.versions')} disabled={!modelId} onClick={() => setShowVersions(true)} data-testid="modeler-versions-button" />
          {canEdit ? (
            <>
              <Button type="button" size="small" outlined icon="pi pi-upload" label={t('toolbar.import')} disabled={!ready} onClick={() => fileInput.current?.click()} data-testid="modeler-import" />
              <input ref={fileInput} type="file" accept=".bpmn,.xml,application/xml,text/xml" hidden onChange={(e) => { void importFile(e.target.files?.[0]); e.target.value = ''; }} data-testid="modeler-import-file" />
            </>
          ) : null}
          <Button type="button" size="small" outlined icon="pi pi-download" label={t('toolbar.export')} disabled={!ready} onClick={() => void exportFile()} data-testid="modeler-export" />
          <span className="modeler-toolbar-gap" />
          <Button type="button" size="small" text icon="pi pi-expand" aria-label={t('toolbar.fit')} title={t('toolbar.fit')} disabled={!ready} onClick={() => diagramRef.current?.fit()} data-testid="modeler-fit" />
          {canEdit ? (
            <>
              <Button type="button" size="small" text icon="pi pi-undo" aria-label={t('toolbar.undo')} title={t('toolbar.undo')} disabled={!history.undo} onClick={() => diagramRef.current?.undo()} data-testid="modeler-undo" />
              <Button type="button" size="small" text icon="pi pi-undo modeler-flip" aria-label={t('toolbar.redo')} title={t('toolbar.redo')} disabled={!history.redo} onClick={() => diagramRef.current?.redo()} data-testid="modeler-redo" />
            </>
          ) : null}
        </div>
        {problem ? <div className="modeler-problem p-error" role="alert" data-testid="modeler-problem"><i className="pi pi-exclamation-triangle" aria-hidden="true" /> {problem}</div> : null}
        {held && !canEdit ? <p className="modeler-muted" data-testid="modeler-readonly">{t('readOnly')}</p> : null}
        <div className="modeler-body">
          <div className="modeler-canvas-frame">
            <div ref={host} className="modeler-canvas" role="region" aria-label={t('canvas', { name: model?.name ?? '' })} data-testid="modeler-canvas" />
            {state === 'loading' ? <p className="modeler-loading">{t('loading')}</p> : null}
            {state === 'failed' ? <p className="modeler-loading p-error">{t('loadFailed')}</p> : null}
          </div>
          <PropertiesPanel
            selected={selected.bo} revision={selected.revision} readOnly={!canEdit} users={choices.users} roles={choices.roles}
            create={(type, attrs) => diagramRef.current!.create(type, attrs)} onChange={apply}
          />
        </div>
        {showVersions && modelId ? <VersionsDialog modelId={modelId} name={model?.name ?? ''} onHide={() => setShowVersions(false)} /> : null}
      </div>
    </PrimeReactProvider>
  );
}
