import { useEffect, useState } from 'react';
import { SelectInput, type SelectOption } from '../../../components/widgets/SelectInput.tsx';
import { useFieldAria } from '../../../components/form/field-aria.ts';
import { http, type TablePage } from '../../../lib/request.ts';
import { xmodelResource } from '../../../../shared/resources/cms/xmodel.ts';
import type { FieldRendererProps } from '../types.ts';

interface ModelRow {
  modelId: number;
  name: string;
  code: string;
  bindTo: string;
}

/** The current site's models bound to forms (a site has a handful: one page holds them all). */
let loading: Promise<SelectOption[]> | null = null;
const formModels = (): Promise<SelectOption[]> => {
  loading ??= http.get<TablePage<ModelRow>>(`${xmodelResource.api}/list`, { pageNum: 1, pageSize: 500 })
    .then((r) => (r.data?.rows ?? []).filter((m) => m.bindTo === 'form').map((m) => ({ value: m.modelId, label: `${m.name} (${m.code})` })))
    .catch(() => {
      loading = null;
      return [];
    });
  return loading;
};

function useFormModels(): SelectOption[] | null {
  const [options, setOptions] = useState<SelectOption[] | null>(null);
  useEffect(() => {
    // Asked again each time a dialog or list opens: a model added meanwhile (or another site) shows.
    loading = null;
    void formModels().then(setOptions);
  }, []);
  return options;
}

/** The form dialog's model: a choice of the site's form models by name (the server checks it is one). */
export function FormModelPicker({ id, value, onChange, invalid, required }: FieldRendererProps) {
  const options = useFormModels() ?? [];
  const aria = useFieldAria(id, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  const chosen = value === null || value === undefined || value === '' ? null : Number(value);
  return <SelectInput inputId={id} {...aria} className={invalid ? 'p-invalid' : undefined} value={chosen} options={options} onChange={(v) => onChange(v ?? undefined)} />;
}

/** A form's model in the list: its name (the id while the names load, or when it is not among them). */
export function FormModelName({ modelId }: { modelId: unknown }) {
  const [options, setOptions] = useState<SelectOption[] | null>(null);
  useEffect(() => {
    void formModels().then(setOptions);
  }, []);
  return <>{options?.find((o) => o.value === Number(modelId))?.label ?? String(modelId ?? '')}</>;
}
