import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useT } from '../../../lib/i18n/react.ts';
import fb from '../../../lib/i18n/ns/formBuilder.ts';
import { $dicts, loadDict } from '../../../stores/dicts.ts';
import { dictTypesOf, type XValues } from '../../../../shared/cms/xmodel.ts';
import { ExtendFields } from '../../cms/xmodel/ExtendFields.tsx';
import type { ExtendApi } from '../../cms/xmodel/use-extend.ts';
import type { CanvasField } from './designer-model.ts';

/**
 * The form as editors see it in the Extend tab and readers fill it: the Extend tab's own renderer
 * (ExtendFields) over the design, each choice field's dictionary loaded. Values typed here are the
 * preview's only; a field's default shows until one is typed.
 */
export function Preview({ fields }: { fields: readonly CanvasField[] }) {
  const t = useT(fb);
  const dicts = useStore($dicts);
  const [values, setValues] = useState<XValues>({});
  const types = dictTypesOf(fields).join('\n');
  useEffect(() => {
    for (const type of types.split('\n').filter(Boolean)) void loadDict(type).catch(() => undefined);
  }, [types]);
  const ext = useMemo((): ExtendApi => {
    const shown = fields.map(({ key: _key, fieldId, ...f }) => ({ ...f, fieldId: fieldId ?? 0 }));
    const start = Object.fromEntries(fields.map((f) => [f.code, f.defaultValue ?? (f.fieldType === 'checkbox' ? [] : '')]));
    return {
      phase: 'ready', loadError: '', model: { modelId: 0, name: '', code: '' }, fields: shown,
      choices: Object.fromEntries(types.split('\n').filter(Boolean).map((type) => [type, (dicts[type] ?? []).map((o) => ({ value: o.value, label: o.label }))])),
      values: { ...start, ...values }, errors: {}, dirty: false,
      set: (code: string, v: unknown) => setValues((old) => ({ ...old, [code]: v })),
      validate: () => ({}), save: async () => undefined,
    };
  }, [fields, dicts, types, values]);
  if (!fields.length) return <p className="fb-note">{t('preview.none')}</p>;
  return <ExtendFields ext={ext} />;
}
