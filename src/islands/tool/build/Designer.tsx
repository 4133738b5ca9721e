import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Button } from 'primereact/button';
import { useLocale, useT } from '../../../lib/i18n/react.ts';
import fb from '../../../lib/i18n/ns/formBuilder.ts';
import { http, RequestError } from '../../../lib/request.ts';
import { saveBlob } from '../../../lib/download.ts';
import { SelectInput } from '../../../components/widgets/SelectInput.tsx';
import { useLeaveGuard } from '../../../components/widgets/use-leave-guard.ts';
import { announce } from '../../../stores/announcer.ts';
import { confirm, message } from '../../../stores/notify.ts';
import { $currentSite } from '../../../stores/site.ts';
import { designJson, parseDesignFieldPath, parseDesignJson } from '../../../../shared/cms/form-design.ts';
import { XFIELD_TYPES, type XFieldType } from '../../../../shared/cms/xmodel.ts';
import { designerReducer, designFields, initialDesigner, type DesignerAction } from './designer-model.ts';
import { designErrors, type DesignErrors } from './validate-design.ts';
import { resourceDefinitionText } from './resource-export.ts';
import { listModels, openModel, saveAsForm, saveAsModel, saveDesign, type ModelRow } from './design-api.ts';
import { kindLabel, propLabels } from './labels.ts';
import { Canvas, DRAG_KIND } from './Canvas.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { Preview } from './Preview.tsx';
import { SaveDialog, type SaveAs, type SaveAsValues } from './SaveDialog.tsx';
import './designer.css';

/** What a refusal of a save says about where: a design field's property (`fields.2.code`), else a property of the model or form. */
function placedErrors(e: unknown, keys: readonly string[]): { fields: DesignErrors; top: Record<string, string> } {
  const text = e instanceof Error ? e.message : String(e);
  const where = e instanceof RequestError ? (e.data as { field?: unknown } | undefined)?.field : undefined;
  const at = parseDesignFieldPath(where);
  if (at && keys[at.index]) return { fields: { [keys[at.index]!]: { [at.prop || 'label']: text } }, top: {} };
  return { fields: {}, top: { [typeof where === 'string' && where ? where : 'general']: text } };
}

/**
 * The Form Builder: palette, canvas, property panel and preview over one design (designer-model.ts),
 * opened from a model of the current site or started blank, saved back in one request (all fields
 * or none), saved as a new model or custom form, exported as JSON or as a resource definition.
 */
export default function Designer() {
  const t = useT(fb);
  const lng = useLocale();
  const site = useStore($currentSite);
  const [state, dispatch] = useReducer(designerReducer, undefined, () => initialDesigner());
  const [focusRequest, setFocusRequest] = useState<{ key: string } | null>(null);
  const palette = useRef<HTMLElement>(null);
  /** Each call a new request, so the same field can be asked for twice in a row. */
  const setFocusKey = (key: string | null) => setFocusRequest(key ? { key } : null);
  const [models, setModels] = useState<ModelRow[]>([]);
  const [model, setModel] = useState<ModelRow | null>(null);
  /** the fields as last read from or saved to the server (null: nothing saved, e.g. an import) */
  const [savedAt, setSavedAt] = useState<unknown>(state.present.fields);
  /** set when the next document loaded is the server's: it becomes the saved state */
  const loadingSaved = useRef(false);
  const [serverErrors, setServerErrors] = useState<DesignErrors>({});
  const [saveAs, setSaveAs] = useState<SaveAs | null>(null);
  const [saveAsErrors, setSaveAsErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dictTypes, setDictTypes] = useState<{ dictType: string; dictName: string }[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const { fields, selected } = state.present;
  const dirty = savedAt !== fields && (savedAt !== null || fields.length > 0);
  // Another console page or closing the tab asks first, as opening another model does.
  useLeaveGuard(dirty, () => t('leavePage'));

  const refreshModels = useCallback(() => listModels().then(setModels, () => setModels([])), []);
  useEffect(() => {
    void refreshModels();
    // The dictionary types for the dictionary input's suggestions, when this user may read them.
    http.get<{ dictType: string; dictName: string }[]>('/system/dict/type/optionselect', undefined, { quiet: true }).then((r) => setDictTypes(r.data ?? []), () => setDictTypes([]));
  }, [refreshModels, site]);

  const labels = useMemo(() => propLabels(lng), [lng]);
  const checked = useMemo(() => designErrors(fields, labels, (code) => t('errors.duplicate', { code })), [fields, labels, t]);
  const errors = useMemo(() => {
    const out: DesignErrors = { ...checked };
    for (const [key, errs] of Object.entries(serverErrors)) out[key] = { ...errs, ...out[key] };
    return out;
  }, [checked, serverErrors]);
  const current = fields.find((f) => f.key === selected) ?? null;
  const labelOf = (key: string) => {
    const f = fields.find((x) => x.key === key);
    return f ? f.label || f.code : '';
  };

  const act = (a: DesignerAction) => {
    setServerErrors({});
    dispatch(a);
  };
  const add = (kind: XFieldType, at?: number) => {
    const label = kindLabel(kind, lng);
    const n = at === undefined ? (selected ? fields.findIndex((f) => f.key === selected) + 2 : fields.length + 1) : at + 1;
    act({ type: 'add', kind, label, at });
    setFocusKey(`f${state.serial + 1}`);
    announce(t('said.added', { label, n }));
  };
  const move = (key: string, to: number) => {
    const clamped = Math.max(0, Math.min(fields.length - 1, to));
    act({ type: 'move', key, to: clamped });
    setFocusKey(key);
    announce(t('said.moved', { label: labelOf(key), n: clamped + 1, count: fields.length }));
  };
  const remove = (key: string) => {
    const at = fields.findIndex((f) => f.key === key);
    const next = fields[at + 1] ?? fields[at - 1];
    announce(t('said.removed', { label: labelOf(key) }));
    act({ type: 'remove', key });
    setFocusKey(next?.key ?? null);
    // The last field gone: the focus goes to the palette, where the next field comes from, not to the page.
    if (!next) palette.current?.querySelector<HTMLButtonElement>('.fb-kind')?.focus();
  };
  const undo = () => {
    if (!state.past.length) return;
    act({ type: 'undo' });
    announce(t('said.undone'));
  };
  const redo = () => {
    if (!state.future.length) return;
    act({ type: 'redo' });
    announce(t('said.redone'));
  };
  /** Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, anywhere in the designer but the preview (whose inputs keep their own). */
  const shortcuts = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || (e.target as HTMLElement).closest('.fb-preview')) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) undo();
    else if ((k === 'z' && e.shiftKey) || k === 'y') redo();
    else return;
    e.preventDefault();
  };

  const stillHere = async () => !dirty || confirm({ header: t('title'), message: t('leave'), acceptLabel: t('leaveOk'), rejectLabel: t('dialog.cancel'), severity: 'warn' });
  const open = async (modelId: number) => {
    if (!(await stillHere())) return;
    try {
      const r = await openModel(modelId);
      setModel(r.model);
      loadSaved({ type: 'load', fields: r.fields });
      announce(t('said.opened', { name: r.model.name, count: r.fields.length }));
    } catch (e) {
      message.error(t('errors.loadFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };
  // A document read from the server is the saved state.
  useEffect(() => {
    if (!loadingSaved.current) return;
    loadingSaved.current = false;
    setSavedAt(fields);
  }, [fields]);
  const loadSaved = (a: DesignerAction) => {
    loadingSaved.current = true;
    act(a);
  };
  const blank = async () => {
    if (!(await stillHere())) return;
    setModel(null);
    loadSaved({ type: 'load', fields: [] });
  };

  /** Refused before sending when a field breaks a rule: the count said, each error under its field. */
  const ready = () => {
    const bad = Object.keys(checked).length;
    if (!bad) return true;
    message.error(t('errors.count', { count: bad }));
    const first = fields.find((f) => checked[f.key]);
    if (first) {
      act({ type: 'select', key: first.key });
      setFocusKey(first.key);
    }
    return false;
  };
  const keys = fields.map((f) => f.key);
  const save = async () => {
    if (!model || !ready()) return;
    setBusy(true);
    try {
      await saveDesign(model.modelId, designFields(state.present));
      message.success(t('said.saved', { count: fields.length }));
      announce(t('said.saved', { count: fields.length }));
      // Read back: new fields get their ids, and the saved state is what the server holds.
      const r = await openModel(model.modelId);
      setModel(r.model);
      loadSaved({ type: 'load', fields: r.fields, at: fields.findIndex((f) => f.key === selected) });
    } catch (e) {
      const placed = placedErrors(e, keys);
      setServerErrors(placed.fields);
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const saveNew = async (v: SaveAsValues) => {
    if (!ready()) return;
    setBusy(true);
    setSaveAsErrors({});
    try {
      const design = designFields(state.present).map(({ fieldId: _id, ...f }) => f);
      const modelId = saveAs === 'form'
        ? await saveAsForm({ name: v.name, code: v.code }, design)
        : await saveAsModel({ name: v.name, code: v.code, bindTo: v.bindTo, contentType: v.bindTo === 'content' ? v.contentType : '' }, design);
      setSaveAs(null);
      message.success(t('said.saved', { count: fields.length }));
      await refreshModels();
      const r = await openModel(modelId);
      setModel(r.model);
      loadSaved({ type: 'load', fields: r.fields });
    } catch (e) {
      const placed = placedErrors(e, keys);
      setServerErrors(placed.fields);
      setSaveAsErrors(Object.keys(placed.fields).length ? { general: e instanceof Error ? e.message : String(e) } : placed.top);
    } finally {
      setBusy(false);
    }
  };

  const fileName = (model?.code || 'form-design').replace(/[^\w-]+/g, '_');
  const exportJson = () => saveBlob(new Blob([designJson(model?.name ?? '', designFields(state.present))], { type: 'application/json' }), `${fileName}.json`);
  const exportTs = () => saveBlob(new Blob([resourceDefinitionText(model?.name ?? fileName, designFields(state.present))], { type: 'text/plain' }), `${fileName}.fields.ts`);
  const importJson = async (file: File | undefined) => {
    if (!file) return;
    const design = parseDesignJson(await file.text());
    if (!design) {
      message.error(t('errors.importBad'));
      return;
    }
    // An imported design replaces the canvas; saved into the open model, its fields replace the model's.
    act({ type: 'load', fields: design.fields });
    setSavedAt(null);
    announce(t('said.imported', { count: design.fields.length }));
  };

  return (
    <div className="fb-root" onKeyDown={shortcuts} data-testid="fb-designer">
      <div className="fb-toolbar" role="toolbar" aria-label={t('toolbar.label')}>
        <label className="fb-model-label" htmlFor="fb-model">{t('toolbar.model')}</label>
        <SelectInput inputId="fb-model" className="fb-model" value={model?.modelId ?? null} placeholder={t('toolbar.choose')}
          options={models.map((m) => ({ value: m.modelId, label: `${m.name} (${m.code})` }))} onChange={(v) => v && void open(Number(v))} />
        <Button type="button" label={t('toolbar.blank')} icon="pi pi-file" outlined onClick={() => void blank()} />
        <span className="fb-sep" aria-hidden="true" />
        <Button type="button" icon="pi pi-undo" label={t('toolbar.undo')} text disabled={!state.past.length} onClick={undo} aria-keyshortcuts="Control+Z" data-testid="fb-undo" />
        <Button type="button" icon="pi pi-refresh" label={t('toolbar.redo')} text disabled={!state.future.length} onClick={redo} aria-keyshortcuts="Control+Shift+Z" data-testid="fb-redo" />
        <span className="fb-sep" aria-hidden="true" />
        <Button type="button" icon="pi pi-upload" label={t('toolbar.importJson')} text onClick={() => fileInput.current?.click()} />
        <input ref={fileInput} type="file" accept="application/json,.json" hidden data-testid="fb-import" onChange={(e) => { void importJson(e.target.files?.[0]); e.target.value = ''; }} />
        <Button type="button" icon="pi pi-download" label={t('toolbar.exportJson')} text disabled={!fields.length} onClick={exportJson} data-testid="fb-export-json" />
        <Button type="button" icon="pi pi-code" label={t('toolbar.exportTs')} text disabled={!fields.length} onClick={exportTs} data-testid="fb-export-ts" />
        <span className="fb-grow" />
        <Button type="button" icon="pi pi-save" label={t('toolbar.save')} disabled={!model || busy} loading={busy && !saveAs} onClick={() => void save()} data-testid="fb-save" />
        <Button type="button" label={t('toolbar.saveModel')} outlined disabled={!fields.length} onClick={() => { setSaveAsErrors({}); setSaveAs('model'); }} data-testid="fb-save-model" />
        <Button type="button" label={t('toolbar.saveForm')} outlined disabled={!fields.length} onClick={() => { setSaveAsErrors({}); setSaveAs('form'); }} data-testid="fb-save-form" />
      </div>
      <p className="fb-status" data-testid="fb-status">
        {model ? t('editing', { name: model.name, code: model.code }) : t('unsaved')}
        {dirty ? <span className="fb-dirty"> · {t('dirty')}</span> : null}
      </p>
      <div className="fb-body">
        <section ref={palette} className="fb-panel fb-palette" aria-labelledby="fb-palette-h">
          <h2 id="fb-palette-h">{t('palette.heading')}</h2>
          <p className="fb-hint">{t('palette.hint')}</p>
          <ul className="fb-kinds">
            {XFIELD_TYPES.map((kind) => (
              <li key={kind}>
                <button type="button" className="fb-kind" draggable data-kind={kind} aria-label={t('palette.add', { kind: kindLabel(kind, lng) })}
                  onDragStart={(e) => { e.dataTransfer.setData(DRAG_KIND, kind); e.dataTransfer.effectAllowed = 'copy'; }}
                  onClick={() => add(kind)}>
                  <span className="pi pi-plus" aria-hidden="true" /> {kindLabel(kind, lng)}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className="fb-panel fb-main" aria-labelledby="fb-canvas-h">
          <h2 id="fb-canvas-h">{t('canvas.heading')}</h2>
          <Canvas fields={fields} selected={selected} errors={errors} focusRequest={focusRequest}
            onSelect={(key) => act({ type: 'select', key })} onMove={move} onRemove={remove} onAdd={(kind, at) => add(kind, at)} />
        </section>
        <section className="fb-panel fb-side" aria-labelledby="fb-props-h">
          <h2 id="fb-props-h">{t('props.heading')}</h2>
          <PropertyPanel field={current} errors={current ? errors[current.key] ?? {} : {}} dictTypes={dictTypes}
            onChange={(patch) => current && act({ type: 'update', key: current.key, patch })} />
        </section>
        <section className="fb-panel fb-preview" aria-labelledby="fb-preview-h">
          <h2 id="fb-preview-h">{t('preview.heading')}</h2>
          <Preview fields={fields} />
        </section>
      </div>
      <SaveDialog as={saveAs} initial={{ name: model?.name, code: model ? `${model.code}_copy` : '' }} errors={saveAsErrors} busy={busy}
        onSave={(v) => void saveNew(v)} onClose={() => setSaveAs(null)} />
    </div>
  );
}
