import { useCallback, useEffect, useMemo, useState } from 'react';
import { http } from '../../../lib/request.ts';
import { siteHeaders } from '../../../lib/cms/site-scope.ts';
import { issueText, type FieldErrors } from '../../../lib/forms/validate.ts';
import { checkXValues, type XField, type XValues } from '../../../../shared/cms/xmodel.ts';

/** What the Extend tab edits: the site, a catalog or a content (0: a new one, its type's model). */
export type ExtendTarget =
  /** the site of that id (its tabs work on it whichever site is current), else the current one */
  | { bindTo: 'site'; siteId?: number }
  | { bindTo: 'catalog'; id: number }
  /** a content; a new one (id 0) is written in `catalogId`, whose View right its blank tab needs */
  | { bindTo: 'content'; id: number; contentType: string; catalogId?: number };

export interface ExtendData {
  model: { modelId: number; name: string; code: string } | null;
  fields: (XField & { fieldId: number })[];
  choices: Record<string, { value: string; label: string }[]>;
  values: XValues;
}

const pathOf = (t: ExtendTarget) => (t.bindTo === 'site' ? 'site' : `${t.bindTo}/${t.id}`);
const EMPTY: ExtendData = { model: null, fields: [], choices: {}, values: {} };

/**
 * The Extend tab's state: the model bound to the target, its fields and the row's values; checks
 * them with the rules the server applies (shared/cms/xmodel.ts) and saves them. The server checks
 * again and sanitizes rich text.
 */
export function useExtend(target: ExtendTarget | null) {
  const [data, setData] = useState<ExtendData>(EMPTY);
  const [values, setValues] = useState<XValues>({});
  const [loaded, setLoaded] = useState<string>('{}');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [phase, setPhase] = useState<'idle' | 'loading' | 'ready' | 'error'>('idle');
  const [loadError, setLoadError] = useState('');
  const key = target ? JSON.stringify(target) : '';

  useEffect(() => {
    if (!target) return;
    let live = true;
    setPhase('loading');
    const url = 'id' in target && !target.id ? '/cms/exmodel/data/blank' : `/cms/exmodel/data/${pathOf(target)}`;
    const query = target.bindTo === 'content' && !target.id ? { bindTo: target.bindTo, catalogId: target.catalogId ?? 0, contentType: target.contentType } : undefined;
    const headers = target.bindTo === 'site' ? siteHeaders(target.siteId) : {};
    http.get<ExtendData>(url, query, { quiet: true, headers }).then((r) => {
      if (!live) return;
      const d = r.data ?? EMPTY;
      const start = { ...Object.fromEntries(d.fields.map((f) => [f.code, f.defaultValue ?? (f.fieldType === 'checkbox' ? [] : '')])), ...d.values };
      setData(d);
      setValues(start);
      setLoaded(JSON.stringify(start));
      setErrors({});
      setPhase('ready');
    }).catch((e: unknown) => {
      if (!live) return;
      setLoadError(e instanceof Error ? e.message : String(e));
      setPhase('error');
    });
    return () => {
      live = false;
    };
    // The target's meaning, not its identity, decides a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const options = useMemo(() => Object.fromEntries(Object.entries(data.choices).map(([k, list]) => [k, list.map((c) => c.value)])), [data.choices]);
  const set = useCallback((code: string, value: unknown) => setValues((v) => ({ ...v, [code]: value })), []);

  /** Every field checked; errors under each field, named by its label (returned: none when all pass). */
  const validate = useCallback((): FieldErrors => {
    const errs: FieldErrors = {};
    for (const f of data.fields) {
      const [issue] = checkXValues([f], values, options).issues;
      if (issue) errs[f.code] = issueText(issue, { [f.label]: f.label });
    }
    setErrors(errs);
    return errs;
  }, [data.fields, values, options]);

  /** Saves the values of the row `id` (for a new content: its id once saved). Throws the server's refusal. */
  const save = useCallback(async (id?: number) => {
    if (!data.model || !target) return;
    const saved = target.bindTo === 'site' ? target : { ...target, id: id ?? target.id };
    const headers = saved.bindTo === 'site' ? siteHeaders(saved.siteId) : {};
    await http.put(`/cms/exmodel/data/${pathOf(saved)}`, values, { quiet: true, headers: { ...headers, repeatSubmit: false } });
    setLoaded(JSON.stringify(values));
  }, [data.model, target, values]);

  return {
    phase, loadError, model: data.model, fields: data.fields, choices: data.choices, values, errors, set, validate, save,
    dirty: phase === 'ready' && JSON.stringify(values) !== loaded,
  };
}

export type ExtendApi = ReturnType<typeof useExtend>;
