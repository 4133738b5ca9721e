import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { CONTENT_TYPES, ContentStatus, type ContentType } from '../../../../shared/cms/content.ts';
import { clearDraft, draftKey, pruneDrafts, readDraft, writeDraft, type Draft } from '../../../lib/cms/content-draft.ts';
import { yuanToFen } from '../../../lib/cms/price.ts';
import { contentCreateSchema, contentUpdateSchema } from '../../../../shared/resources/cms/content.ts';
import type { FieldErrors } from '../../../lib/forms/validate.ts';
import { RequestError } from '../../../lib/request.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { ALL_PERMISSIONS, SUPER_ADMIN_ROLE } from '../../../../shared/constants.ts';
import { $currentSite } from '../../../stores/site.ts';
import { $permissions, $roles, $user } from '../../../stores/session.ts';
import { useHydratedStore } from '../../../lib/react/use-store.ts';
import { $current } from '../../../stores/routes.ts';
import { visitTab } from '../../../stores/tabs.ts';
import { confirm, message } from '../../../stores/notify.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import xmodelNs from '../../../lib/i18n/ns/xmodel.ts';
import { useExtend } from '../xmodel/use-extend.ts';
import { fromServer, stateFromServer, toBody, type ContentState, type EditorForm } from './model.ts';
import * as api from './editor-api.ts';
import { validateBody, contentLabel } from './labels.ts';
import { lockHolder } from './lock.ts';
import { toDate } from './dates.ts';

/** What the editor opens: a stored content, or a new one of a type in a catalog (spec §2 query). */
export type EditorTarget = { contentId: number } | { catalogId: number; contentType: ContentType };

export function targetFromQuery(search: string): EditorTarget | null {
  const q = new URLSearchParams(search);
  const id = Number(q.get('contentId'));
  if (Number.isSafeInteger(id) && id > 0) return { contentId: id };
  const catalogId = Number(q.get('catalogId'));
  const type = q.get('contentType') as ContentType;
  if (Number.isSafeInteger(catalogId) && catalogId > 0 && CONTENT_TYPES.includes(type)) return { catalogId, contentType: type };
  return null;
}

export type Busy = null | 'save' | 'publish' | 'toPublish' | 'offline';
export interface Conflict { message: string; theirs: Record<string, unknown> }

/** The form's meaning, without editing aids (album item keys, how the price was typed) or its id: what dirtiness and drafts compare. */
const meaning = (f: EditorForm) => JSON.stringify([toBody({ ...f, contentId: 0 }, 0), f.top, f.top ? f.topEndTime : null]);
const t = editorNs.t;

/**
 * The content editor's state and actions: loading, the form and whether it differs from what was
 * last loaded or saved, the local draft, validation under the fields, saving with the workflow
 * actions, the version conflict and the lock.
 */
export function useContentEditor(target: EditorTarget | null) {
  const site = useStore($currentSite);
  // Hydrated like the permission gates (the session may arrive before the editor's island loads).
  // Read here rather than through permission-gate.ts: importing that from the editor splits the
  // area chunk the other screens share into one more file on each of them (tests/budget.test.ts).
  const user = useHydratedStore($user);
  const roles = useHydratedStore($roles);
  const perms = useHydratedStore($permissions);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState('');
  const [form, setFormState] = useState<EditorForm | null>(null);
  const [state, setState] = useState<ContentState | null>(null);
  const [baseline, setBaseline] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [offered, setOffered] = useState<Draft<EditorForm> | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  // The version saves are based on: the loaded one, or a restored draft's (so a save over someone
  // else's later save is reported, not applied).
  const baseVersion = useRef(0);
  const keyRef = useRef('');
  const formRef = useRef<EditorForm | null>(null);
  formRef.current = form;

  // The Extend tab: the fields of the extension model bound to this content's type (none: nothing shown).
  const extendTarget = useMemo(() => (form ? { bindTo: 'content' as const, id: form.contentId, contentType: form.contentType, catalogId: form.catalogId } : null), [form?.contentId, form?.contentType, form?.catalogId]);
  const extend = useExtend(phase === 'ready' ? extendTarget : null);
  const dirty = useMemo(() => (form ? meaning(form) !== baseline : false), [form, baseline]) || extend.dirty;

  const isAdmin = roles.includes(SUPER_ADMIN_ROLE) || perms.includes(ALL_PERMISSIONS);
  const lockedBy = lockHolder(state, user?.userName, isAdmin);
  const may = (p: string) => isAdmin || perms.includes(p);
  const canSave = form ? may(form.contentId ? 'cms:content:edit' : 'cms:content:add') : false;
  // In review, the server refuses every change until the review approves or rejects it.
  const inReview = state?.status === ContentStatus.REVIEWING;
  const readOnly = !!lockedBy || inReview || (phase === 'ready' && !canSave);

  const applyLoaded = useCallback((c: Record<string, unknown>) => {
    const f = fromServer(c);
    const s = stateFromServer(c);
    setFormState(f);
    setState(s);
    setBaseline(meaning(f));
    baseVersion.current = s.version;
    return f;
  }, []);

  // Load, then offer a local draft that differs from what the server has.
  useEffect(() => {
    if (!target) return;
    let live = true;
    pruneDrafts();
    setPhase('loading');
    const siteKey = site || '0';
    keyRef.current = draftKey(siteKey, 'contentId' in target ? { contentId: target.contentId } : target);
    (async () => {
      const c = 'contentId' in target ? await api.loadStored(target.contentId) : await api.initNew(target.catalogId, target.contentType);
      if (!live) return;
      const f = applyLoaded(c);
      const d = readDraft<EditorForm>(keyRef.current);
      if (d && d.form.contentType === f.contentType && meaning(d.form) !== meaning(f)) setOffered(d);
      setPhase('ready');
    })().catch((e: unknown) => {
      if (!live) return;
      setLoadError(e instanceof Error ? e.message : String(e));
      setPhase('error');
    });
    return () => {
      live = false;
    };
  }, [target, site, applyLoaded]);

  // The local draft follows the form while it differs from the stored content.
  useEffect(() => {
    if (!form || phase !== 'ready' || readOnly) return;
    const timer = setTimeout(() => (dirty ? writeDraft(keyRef.current, baseVersion.current, form) : !offered && clearDraft(keyRef.current)), 500);
    return () => clearTimeout(timer);
  }, [form, dirty, phase, readOnly, offered]);

  // Leaving with unsaved changes asks first: in the shell (tabs, links) and for the browser tab.
  useLeaveGuard(dirty, () => confirm({ header: t('leave.title'), message: t('leave.message'), acceptLabel: t('leave.accept'), rejectLabel: t('leave.reject'), severity: 'warn' }));

  const update = useCallback((fn: (f: EditorForm) => EditorForm) => setFormState((f) => (f ? fn(f) : f)), []);
  const set = useCallback(<K extends keyof EditorForm>(key: K, value: EditorForm[K]) => update((f) => ({ ...f, [key]: value })), [update]);

  function validateForm(f: EditorForm): FieldErrors {
    const body = toBody(f, baseVersion.current);
    const schema = f.contentId ? contentUpdateSchema(f.contentType) : contentCreateSchema(f.contentType);
    const errs = validateBody(schema, body);
    if (f.contentType === 'book' && Number.isNaN(yuanToFen(f.book.priceYuan))) errs['book.price'] = t('book.priceInvalid', { field: contentLabel('book.price') });
    if (f.top && f.topEndTime && toDate(f.topEndTime)! <= new Date() && f.topEndTime !== state?.topDate) errs.topEndTime = t('top.past');
    return errs;
  }

  /** After a new content's first save the address names it, so a reload or the tab opens it again. */
  function rememberNew(contentId: number) {
    const url = new URL(location.href);
    url.search = `?contentId=${contentId}`;
    history.replaceState(history.state, '', url);
    const current = $current.get();
    if (current.path === url.pathname.replace(/^\/admin/, '').replace(/\/$/, '')) {
      const fullPath = `${current.path}?contentId=${contentId}`;
      $current.set({ ...current, fullPath });
      visitTab({ path: current.path, fullPath, title: current.title, titleKey: current.titleKey });
    }
    clearDraft(keyRef.current);
    keyRef.current = draftKey($currentSite.get() || '0', { contentId });
  }

  async function refreshState(id: number) {
    const c = await api.loadStored(id, false);
    setState(stateFromServer(c));
  }

  /** Saves the form; then publishes or marks it "to publish" when asked. The content's id when all went through, else 0. */
  async function save(then?: 'publish' | 'toPublish'): Promise<number> {
    const f = formRef.current;
    if (!f || readOnly || busy) return 0;
    const errs = validateForm(f);
    setErrors(errs);
    const extendErrors = Object.keys(extend.validate()).length;
    if (extendErrors && !Object.keys(errs).length) {
      message.error(xmodelNs.t('invalid', { count: extendErrors }));
      requestAnimationFrame(() => focusFirstError(document.querySelector<HTMLElement>('.content-editor .has-error')));
      return 0;
    }
    if (Object.keys(errs).length) {
      message.error(t('messages.invalid', { count: Object.keys(errs).length }));
      requestAnimationFrame(() => focusFirstError(document.querySelector<HTMLElement>('.content-editor .has-error')));
      return 0;
    }
    setBusy(then ?? 'save');
    try {
      const sent = meaning(f);
      const saved = await api.saveContent(f.contentType, toBody(f, baseVersion.current), !f.contentId);
      baseVersion.current = saved.version;
      setBaseline(sent);
      setState((s) => (s ? { ...s, version: saved.version } : s));
      if (!f.contentId) {
        update((x) => ({ ...x, contentId: saved.contentId }));
        rememberNew(saved.contentId);
      } else if (meaning(formRef.current ?? f) === sent) clearDraft(keyRef.current);
      setOffered(null);
      // The extension values follow the content's save (checked above by the same rules as the server's).
      await extend.save(saved.contentId);
      setSavedAt(new Date());
      // On top or not is the workflow's own call, made after the save when it changed; refused,
      // the choice stays in the form as an unsaved change.
      const topUntil = f.top ? f.topEndTime : null;
      if (f.top !== !!state?.top || (f.top && topUntil !== (state?.topDate ?? null))) {
        try {
          await api.setTop(saved.contentId, f.top, topUntil ? new Date(topUntil.replace(' ', 'T')).toISOString() : null);
        } catch (e) {
          setBaseline(meaning({ ...f, top: !!state?.top, topEndTime: state?.topDate ?? null }));
          if (e instanceof Error) message.error(e.message);
          return 0;
        }
      }
      if (then === 'publish') {
        const r = await api.publish(saved.contentId);
        message.success(r && r.scheduled ? t('messages.scheduled') : t('messages.published'));
      } else if (then === 'toPublish') {
        await api.toPublish(saved.contentId);
        message.success(t('messages.toPublish'));
      } else message.success(t('messages.saved'));
      await refreshState(saved.contentId).catch(() => undefined);
      return saved.contentId;
    } catch (e) {
      await explainFailure(f, e);
      return 0;
    } finally {
      setBusy(null);
    }
  }

  /** A refused save: under its field when the server names one, as a conflict when someone saved in between, else as a message. */
  async function explainFailure(f: EditorForm, e: unknown) {
    const text = e instanceof Error ? e.message : String(e);
    const field = e instanceof RequestError ? (e.data as { field?: string } | undefined)?.field : undefined;
    if (field) {
      setErrors({ [field]: text });
      message.error(text);
      requestAnimationFrame(() => focusFirstError(document.querySelector<HTMLElement>('.content-editor .has-error')));
      return;
    }
    if (e instanceof RequestError && e.kind === 'code' && f.contentId) {
      const theirs = await api.loadStored(f.contentId).catch(() => null);
      if (theirs && Number(theirs.version) !== baseVersion.current) {
        setConflict({ message: text, theirs });
        return;
      }
    }
    if (e instanceof RequestError && e.kind !== 'code') return; // the request layer has said it
    message.error(text);
  }

  async function takeOffline() {
    const f = formRef.current;
    if (!f?.contentId || busy) return;
    const ok = await confirm({ header: t('offline.title'), message: t('offline.message', { title: f.title }), acceptLabel: t('offline.accept'), rejectLabel: t('leave.reject'), severity: 'warn' });
    if (!ok) return;
    setBusy('offline');
    try {
      await api.offline(f.contentId);
      message.success(t('messages.offline'));
      await refreshState(f.contentId);
    } catch {
      /* the request layer has shown why */
    } finally {
      setBusy(null);
    }
  }

  const conflictActions = {
    /** Keep editing mine; the next save is again refused until one of the others is chosen. */
    dismiss: () => setConflict(null),
    /** Their version in the form; mine kept as the local draft, offered back by the banner. */
    loadTheirs: () => {
      const mine = formRef.current;
      if (!conflict || !mine) return;
      writeDraft(keyRef.current, baseVersion.current, mine);
      applyLoaded(conflict.theirs);
      setOffered(readDraft<EditorForm>(keyRef.current));
      setErrors({});
      setConflict(null);
    },
    /** Mine replaces theirs: the save is based on their version, knowingly. */
    overwrite: async () => {
      if (!conflict) return;
      baseVersion.current = Number(conflict.theirs.version);
      setConflict(null);
      await save();
    },
  };

  const draftActions = {
    restore: () => {
      if (!offered) return;
      setFormState(offered.form);
      if (formRef.current?.contentId) baseVersion.current = offered.baseVersion || baseVersion.current;
      setOffered(null);
    },
    discard: () => {
      clearDraft(keyRef.current);
      setOffered(null);
    },
  };

  return {
    phase, loadError, form, state, errors, setErrors, busy, dirty, offered, conflict, savedAt, lockedBy, inReview, readOnly, canSave,
    may, set, update, save, takeOffline, conflictActions, draftActions, extend,
  };
}

export type ContentEditorApi = ReturnType<typeof useContentEditor>;

/**
 * After a refused save: the first field in error scrolled to the middle and its control focused,
 * so a screen reader says its name and the error that describes it (Field.tsx).
 */
function focusFirstError(field: HTMLElement | null) {
  if (!field) return;
  field.scrollIntoView({ block: 'center', behavior: 'smooth' });
  const name = field.getAttribute('data-field');
  const byId = name ? document.getElementById(`ce-${name}`) : null;
  const control = byId?.matches(FOCUSABLE) ? byId : field.querySelector<HTMLElement>(FOCUSABLE);
  control?.focus({ preventScroll: true });
}
const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [contenteditable=true], [tabindex]:not([tabindex="-1"])';
