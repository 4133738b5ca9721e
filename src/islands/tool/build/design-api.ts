import { http } from '../../../lib/request.ts';
import { fromStored, storedShape, type DesignField } from '../../../../shared/cms/form-design.ts';
import { xmodelResource } from '../../../../shared/resources/cms/xmodel.ts';
import { xmodelFieldResource } from '../../../../shared/resources/cms/xmodel-field.ts';
import { customFormResource } from '../../../../shared/resources/cms/custom-form.ts';

/** The Form Builder's calls: the model and field routes to read, the design routes to save (all or none). */

export interface ModelRow {
  modelId: number;
  name: string;
  code: string;
  bindTo: string;
  contentType: string;
}

const QUIET = { quiet: true, headers: { repeatSubmit: false } } as const;
/** A design's fields as the routes take them: each stored one by its id, blanks as null. */
const body = (fields: readonly DesignField[]) => fields.map((f) => ({ ...(f.fieldId ? { fieldId: f.fieldId } : {}), ...storedShape(f) }));

/** The current site's models, to open one. */
export async function listModels(): Promise<ModelRow[]> {
  return ((await http.get<{ rows: ModelRow[] }>(`${xmodelResource.api}/list`, { pageSize: 500 }, { quiet: true })).data?.rows ?? []) as ModelRow[];
}

/** A model and its fields, in order. */
export async function openModel(modelId: number): Promise<{ model: ModelRow; fields: DesignField[] }> {
  const [model, fields] = await Promise.all([
    http.get<ModelRow>(`${xmodelResource.api}/${modelId}`, undefined, { quiet: true }),
    http.get<{ rows: Record<string, unknown>[] }>(`${xmodelFieldResource.api}/list`, { modelId, pageSize: 100 }, { quiet: true }),
  ]);
  return { model: model.data as ModelRow, fields: (fields.data?.rows ?? []).map(fromStored) };
}

/** A stored model's fields replaced by the design's. */
export const saveDesign = (modelId: number, fields: readonly DesignField[]) => http.put<{ modelId: number }>(`${xmodelResource.api}/design`, { modelId, fields: body(fields) }, QUIET);

/** The design as a new model of the current site. */
export async function saveAsModel(model: Record<string, unknown>, fields: readonly DesignField[]): Promise<number> {
  return (await http.post<{ modelId: number }>(`${xmodelResource.api}/design`, { model, fields: body(fields) }, QUIET)).data!.modelId;
}

/** The design as a new custom form (and its model): the model's id, to go on designing it. */
export async function saveAsForm(form: Record<string, unknown>, fields: readonly DesignField[]): Promise<number> {
  return (await http.post<{ modelId: number }>(`${customFormResource.api}/design`, { model: form, fields: body(fields) }, QUIET)).data!.modelId;
}
